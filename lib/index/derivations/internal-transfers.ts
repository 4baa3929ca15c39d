/**
 * The internal-transfers derivation: one internal_transfers row per value transfer below a
 * transaction's root call (lib/trace/internal-transfers.ts over the node's callTracer, read by
 * trace-read.ts before the write transaction) and one address_internal_transfers row per party.
 * Blocks the node could not trace get an untraced_blocks row instead, so the index says what it
 * lacks; once the node traces again, those blocks are handed to the re-reader (index_rereads),
 * and rewriting a block is harmless (ON CONFLICT DO NOTHING), so a re-read range may overlap
 * blocks already traced. From the same call trees, one inner_reverts row per successful
 * transaction in which calls reverted and were caught (lib/trace/failure.ts), for the lists.
 */
import type { Hash } from '@/lib/rpc/domain';
import { innerReverts } from '@/lib/trace/failure';
import { pathText } from '@/lib/trace/frame-tree';
import { internalTransfersOf } from '@/lib/trace/internal-transfers';
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';
import { readBlockTraces, type BlockTraces, type TraceProbe } from './trace-read';

export const INTERNAL_TRANSFERS = 'internal-transfers';
export const ROLE_INTERNAL_SENDER = 1;
export const ROLE_INTERNAL_RECIPIENT = 2;

const INSERT_TRANSFERS = `
  INSERT INTO internal_transfers (chain, block_number, tx_index, seq, trace_id, type, sender, recipient, contract_address, value, gas, gas_used, error)
  SELECT chain, block_number::bigint, tx_index::integer, seq::integer, trace_id, type, decode(sender, 'hex'), decode(recipient, 'hex'),
         decode(contract_address, 'hex'), value::numeric, gas::numeric, gas_used::numeric, error
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                $11::text[], $12::text[], $13::text[])
      AS u(chain, block_number, tx_index, seq, trace_id, type, sender, recipient, contract_address, value, gas, gas_used, error)
  ON CONFLICT DO NOTHING`;

const INSERT_PARTIES = `
  INSERT INTO address_internal_transfers (address, block_number, tx_index, seq, chain, role)
  SELECT decode(address, 'hex'), block_number::bigint, tx_index::integer, seq::integer, chain, role::smallint
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS u(address, block_number, tx_index, seq, chain, role)
  ON CONFLICT DO NOTHING`;

const INSERT_INNER_REVERTS = `
  INSERT INTO inner_reverts (chain, block_number, tx_index, reverted, first_trace_id, first_error)
  SELECT chain, block_number::bigint, tx_index::integer, reverted::integer, first_trace_id, first_error
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS u(chain, block_number, tx_index, reverted, first_trace_id, first_error)
  ON CONFLICT DO NOTHING`;

const INSERT_UNTRACED = `
  INSERT INTO untraced_blocks (chain, block_number, reason)
  SELECT chain, block_number::bigint, reason FROM unnest($1::text[], $2::text[], $3::text[]) AS u(chain, block_number, reason)
  ON CONFLICT DO NOTHING`;

/** Blocks stored untraced below a traced window go to the re-reader (widening a pending range). */
const HAND_TO_REREADER = `
  INSERT INTO index_rereads (chain, derivation, next, through)
  SELECT $1, $2, min(block_number), max(block_number) FROM untraced_blocks WHERE chain = $1 AND block_number < $3 HAVING count(*) > 0
  ON CONFLICT (chain, derivation) DO UPDATE
     SET next = LEAST(index_rereads.next, EXCLUDED.next), through = GREATEST(index_rereads.through, EXCLUDED.through)`;

function parties(from: string, to: string): Map<string, number> {
  const roles = new Map<string, number>([[from.toLowerCase(), ROLE_INTERNAL_SENDER]]);
  const key = to.toLowerCase();
  roles.set(key, (roles.get(key) ?? 0) | ROLE_INTERNAL_RECIPIENT);
  return roles;
}

export const internalTransferDerivation: Derivation<BlockTraces> = {
  name: INTERNAL_TRANSFERS,
  since: 8,
  tables: [
    { name: 'internal_transfers', rows: 'of-block' },
    {
      name: 'address_internal_transfers', rows: 'of-parties', parent: 'internal_transfers',
      addresses: ['sender', 'recipient'], key: ['block_number', 'tx_index', 'seq', 'chain'],
    },
    { name: 'untraced_blocks', rows: 'of-block' },
    { name: 'inner_reverts', rows: 'of-block' },
  ],
  nodeReads: {
    start() {
      const probe: TraceProbe = { unservedAt: null };
      return (_q, source, blocks) => readBlockTraces(source, blocks, probe);
    },
  },

  async write(tx, blocks, facts) {
    const chain = blocks[0]?.chain;
    if (!chain) return;
    const byHash = new Map<string, BlockTraces>(facts.filter((f) => f.chain === chain).map((f) => [f.blockHash.toLowerCase(), f]));
    const rows: (string | null)[][] = [];
    const partyRows: (string | null)[][] = [];
    const untraced: (string | null)[][] = [];
    const caught: (string | null)[][] = [];
    const traced: bigint[] = [];
    for (const block of blocks) {
      const read = byHash.get(block.hash.toLowerCase());
      // No facts: a caller that reads nothing (engine tests commit bare blocks) writes nothing.
      if (!read) continue;
      if ('untraced' in read) {
        untraced.push([chain, text(block.number), read.untraced]);
        continue;
      }
      traced.push(block.number);
      for (const t of block.transactions) {
        const root = read.traces.get(t.hash.toLowerCase() as Hash);
        if (!root) continue;
        const inner = root.error ? [] : innerReverts(root, () => undefined);
        if (inner[0]) caught.push([chain, text(block.number), text(t.index), text(inner.length), pathText(inner[0].path), inner[0].frame.error ?? '']);
        internalTransfersOf(root, { chain, txHash: t.hash, blockNumber: block.number, txIndex: t.index }).forEach((m, seq) => {
          const key = [text(block.number), text(t.index), text(seq)];
          rows.push([
            chain, ...key, m.traceId, m.type, hexParam(m.from), hexParam(m.to), hexParam(m.contractAddress), text(m.value), text(m.gas), text(m.gasUsed), m.error,
          ]);
          for (const [address, role] of parties(m.from, m.to)) partyRows.push([hexParam(address), ...key, chain, text(role)]);
        });
      }
    }
    if (rows.length > 0) {
      await tx.query(INSERT_TRANSFERS, columns(rows, 13));
      await tx.query(INSERT_PARTIES, columns(partyRows, 6));
    }
    if (caught.length > 0) await tx.query(INSERT_INNER_REVERTS, columns(caught, 6));
    if (untraced.length > 0) await tx.query(INSERT_UNTRACED, columns(untraced, 3));
    if (traced.length > 0) {
      await tx.query('DELETE FROM untraced_blocks WHERE chain = $1 AND block_number = ANY($2::bigint[])', [chain, traced.map(String)]);
      const first = traced.reduce((low, n) => (n < low ? n : low));
      await tx.query(HAND_TO_REREADER, [chain, INTERNAL_TRANSFERS, first]);
    }
  },
};
