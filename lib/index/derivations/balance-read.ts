/**
 * The node reads behind balance changes, in the balance pass: for a window of stored blocks, the
 * addresses whose native balance may have changed in each block (found in the rows the other
 * passes stored), each one's balance read from the node at that block and at the block before,
 * all of a window's calls issued together (the client sends them as JSON-RPC batches). A change is
 * a pair that differs: the row the derivation writes.
 *
 * Who may have changed, per stage (derivation.ts, BalanceStage):
 * - parties: each transaction's sender (it pays gas even when it reverts; a type 1's originating
 *   account lives in another zone and is left out), recipient (a type 2's is credited in its
 *   destination zone, as that zone's type 1), the contract it created, and the block's miner and
 *   its uncles' (fees and rewards);
 * - internal: the parties of the internal transfers the trace pass stored (a CALL with value, a
 *   CREATE's new contract, a SELFDESTRUCT's account and beneficiary) that the parties stage did not
 *   read for the same block. A frame that failed moved nothing and is left out.
 * Only addresses of the block's own zone have a balance there: the others are left out.
 *
 * Reads by number name the node's block at that height: the window's last block is then checked
 * to still be the stored one (its ancestors with it), so balances of a branch the node switched to
 * meanwhile are never written (StaleBalanceReadError; the block pass rolls the index back to it).
 */
import { zoneOf, type ChainName } from '@/lib/protocol/chains';
import type { Address } from '@/lib/rpc/domain';
import { StrataError } from '@/lib/protocol/errors';
import type { Queryable } from '../drivers/db';
import type { BlockSource } from '../engine/block-source';
import type { BalanceStage, StoredBlock } from '../engine/derivation';
import type { NodeReader, ReadWindow } from '../engine/node-reads';

/** A balance that moved: the node's balance at `blockNumber` and its difference from the block before. */
export interface BalanceChange {
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly address: Address;
  readonly balance: bigint;
  readonly delta: bigint;
}

/** Thrown when the node's block at the window's last height is no longer the stored one (a reorg under way). */
export class StaleBalanceReadError extends StrataError {
  override name = 'StaleBalanceReadError';
}

/** Balance calls in flight at once (four JSON-RPC batches of the transport's hundred). */
const CALLS_AT_ONCE = 400;

/** (block_number, address) of the parties stage's addresses in blocks $2..$3 of chain $1. */
const PARTIES_OF = `
    SELECT t.block_number, t.sender AS address FROM transactions t
     WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3 AND t.type <> 1
    UNION SELECT t.block_number, t.recipient FROM transactions t
     WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3 AND t.type <> 2 AND t.recipient IS NOT NULL
    UNION SELECT t.block_number, t.contract_address FROM transactions t
     WHERE t.chain = $1 AND t.block_number BETWEEN $2 AND $3 AND t.contract_address IS NOT NULL
    UNION SELECT b.number, b.miner FROM blocks b WHERE b.chain = $1 AND b.number BETWEEN $2 AND $3 AND b.miner IS NOT NULL
    UNION SELECT m.block_number, m.miner FROM mined_blocks m WHERE m.chain = $1 AND m.block_number BETWEEN $2 AND $3`;

const PARTIES = `SELECT block_number::text AS n, '0x' || encode(address, 'hex') AS address FROM (${PARTIES_OF}) p`;

const INTERNAL_PARTIES = `
  SELECT block_number::text AS n, '0x' || encode(address, 'hex') AS address FROM (
    SELECT i.block_number, a.address FROM internal_transfers i
      CROSS JOIN LATERAL unnest(ARRAY[i.sender, i.recipient, i.contract_address]) AS a(address)
     WHERE i.chain = $1 AND i.block_number BETWEEN $2 AND $3 AND i.error IS NULL AND a.address IS NOT NULL
    EXCEPT (${PARTIES_OF})
  ) i`;

/** Per block of the window, the addresses of `chain`'s zone whose balance the stage reads. */
async function candidates(q: Queryable, stage: BalanceStage, chain: ChainName, from: bigint, to: bigint): Promise<Map<bigint, Address[]>> {
  const rows = await q.query(stage === 'parties' ? PARTIES : INTERNAL_PARTIES, [chain, from, to]);
  const out = new Map<bigint, Address[]>();
  for (const r of rows) {
    const address = String(r.address) as Address;
    if (zoneOf(address).name !== chain) continue;
    const n = BigInt(String(r.n));
    const list = out.get(n) ?? [];
    list.push(address);
    out.set(n, list);
  }
  return out;
}

const key = (address: Address, n: bigint): string => `${address}@${n}`;

/**
 * A stage's reader. It remembers the balances it read at the last block of its previous window
 * (the next window's first block needs them as "the block before"), nothing older.
 */
function stageReader(stage: BalanceStage): NodeReader<BalanceChange, StoredBlock> {
  return {
    start(): ReadWindow<BalanceChange, StoredBlock> {
      let remembered = new Map<string, bigint>();
      return async (q: Queryable, source: BlockSource, blocks: readonly StoredBlock[]) => {
        const first = blocks[0];
        const last = blocks.at(-1);
        if (!first || !last) return [];
        const byBlock = await candidates(q, stage, source.chain, first.number, last.number);
        const wanted = new Map<string, { address: Address; n: bigint }>();
        for (const [n, addresses] of byBlock) {
          for (const address of addresses) {
            wanted.set(key(address, n), { address, n });
            if (n > 0n) wanted.set(key(address, n - 1n), { address, n: n - 1n });
          }
        }
        const read = new Map<string, bigint>();
        const asks = [...wanted].filter(([k]) => {
          const known = remembered.get(k);
          if (known !== undefined) read.set(k, known);
          return known === undefined;
        });
        for (let i = 0; i < asks.length; i += CALLS_AT_ONCE) {
          const chunk = asks.slice(i, i + CALLS_AT_ONCE);
          const balances = await Promise.all(chunk.map(([, w]) => source.client.getBalance({ address: w.address, blockTag: w.n })));
          chunk.forEach(([k], j) => read.set(k, balances[j] as bigint));
        }
        if (byBlock.size > 0) {
          const head = await source.client.getBlockByNumber({ blockNumber: last.number });
          if (head?.hash.toLowerCase() !== last.hash.toLowerCase()) {
            throw new StaleBalanceReadError(`${source.chain}: block ${last.number} is no longer the node's (${head?.hash ?? 'none'}); its balances wait for the rollback`);
          }
        }
        const changes: BalanceChange[] = [];
        for (const [n, addresses] of [...byBlock].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
          for (const address of [...addresses].sort()) {
            const balance = read.get(key(address, n)) as bigint;
            const before = n > 0n ? (read.get(key(address, n - 1n)) as bigint) : 0n;
            if (balance !== before) changes.push({ chain: source.chain, blockNumber: n, address, balance, delta: balance - before });
          }
        }
        remembered = new Map([...read].filter(([k]) => k.endsWith(`@${last.number}`)));
        return changes;
      };
    },
  };
}

export const balanceReaders: { readonly [S in BalanceStage]: NodeReader<BalanceChange, StoredBlock> } = {
  parties: stageReader('parties'),
  internal: stageReader('internal'),
};
