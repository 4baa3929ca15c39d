/**
 * The internal-transfers derivation, written by the trace pass: one internal_transfers row per
 * value transfer below a transaction's root call (lib/trace/internal-transfers.ts over the node's
 * callTracer, read by trace-read.ts before the write transaction) and one
 * address_internal_transfers row per party. The trace pass follows the block pass, so a block's
 * history is served before its internal transfers; the trace cursor says how far they go.
 * Rewriting a block is harmless (ON CONFLICT DO NOTHING): an index that traced some blocks
 * before its trace cursor existed (migration 9) traces them again without duplicates. From the
 * same call trees, one inner_reverts row per successful transaction in which calls reverted and
 * were caught (lib/trace/failure.ts), for the lists.
 */
import { innerReverts } from '@/lib/trace/failure';
import { pathText } from '@/lib/trace/frame-tree';
import { internalTransfersOf } from '@/lib/trace/internal-transfers';
import { columns, hexParam, text } from '../drivers/sql';
import type { TraceDerivation } from '../engine/derivation';
import { readBlockTraces, type BlockTraces } from './trace-read';

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

function parties(from: string, to: string): Map<string, number> {
  const roles = new Map<string, number>([[from.toLowerCase(), ROLE_INTERNAL_SENDER]]);
  const key = to.toLowerCase();
  roles.set(key, (roles.get(key) ?? 0) | ROLE_INTERNAL_RECIPIENT);
  return roles;
}

export const internalTransferDerivation: TraceDerivation<BlockTraces> = {
  name: INTERNAL_TRANSFERS,
  since: 8,
  pass: 'trace',
  tables: [
    { name: 'internal_transfers', rows: 'of-block' },
    {
      name: 'address_internal_transfers', rows: 'of-parties', parent: 'internal_transfers',
      addresses: ['sender', 'recipient'], key: ['block_number', 'tx_index', 'seq', 'chain'],
    },
    { name: 'inner_reverts', rows: 'of-block' },
  ],
  nodeReads: { start: () => readBlockTraces },

  async write(tx, blocks, facts) {
    const chain = blocks[0]?.chain;
    if (!chain) return;
    const rows: (string | null)[][] = [];
    const partyRows: (string | null)[][] = [];
    const caught: (string | null)[][] = [];
    for (const read of facts) {
      if (read.chain !== chain) continue;
      for (const [txIndex, traced] of read.traces) {
        const inner = traced.frame.error ? [] : innerReverts(traced.frame, () => undefined);
        if (inner[0]) caught.push([chain, text(read.blockNumber), text(txIndex), text(inner.length), pathText(inner[0].path), inner[0].frame.error ?? '']);
        internalTransfersOf(traced.frame, { chain, txHash: traced.hash, blockNumber: read.blockNumber, txIndex }).forEach((m, seq) => {
          const key = [text(read.blockNumber), text(txIndex), text(seq)];
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
  },
};
