/**
 * The node reads behind the tokens table: for each token a window of blocks moves, unless the
 * index already has its facts from an earlier block, `name()`, `symbol()` and `decimals()` called
 * at the first block of the window that moved it (all tokens' calls issued together, so the
 * client sends them as one JSON-RPC batch). Read before the write transaction, as the tokens
 * derivation's node reads (tokens.ts), which stores them.
 *
 * A call the contract refuses (a revert, no such function: the node answers with an error
 * object) is "not answered"; an unreachable node throws, and the window is retried as any
 * failed fetch is.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { readTokenDecimals, readTokenString, TOKEN_CALLS } from '@/lib/decode/token-metadata';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address, Hex } from '@/lib/rpc/domain';
import type { Queryable } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import type { BlockSource } from '../../engine/block-source';
import type { IndexedBlock } from '../../engine/indexed-block';

export interface TokenFactsRead {
  readonly chain: ChainName;
  readonly token: Address;
  /** The standard of the first transfer seen. */
  readonly standard: TokenStandard;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  /** False when none of the three calls gave a readable answer: a token that does not answer says so. */
  readonly answered: boolean;
  /** The block the calls were made at: the first of these blocks that moved the token. */
  readonly blockNumber: bigint;
}

/** Each token the blocks move, with the first block (and that transfer's standard) that moved it. */
export function firstSightings(blocks: readonly IndexedBlock[]): Map<string, { token: Address; standard: TokenStandard; blockNumber: bigint }> {
  const seen = new Map<string, { token: Address; standard: TokenStandard; blockNumber: bigint }>();
  for (const block of blocks) {
    for (const t of block.transactions) {
      for (const transfer of t.tokenTransfers) {
        const key = transfer.token.toLowerCase();
        if (!seen.has(key)) seen.set(key, { token: key as Address, standard: transfer.standard, blockNumber: block.number });
      }
    }
  }
  return seen;
}

/** The answer, or null when the node refused the call (by name: clients may come from another bundle). */
async function answerOrNull(call: Promise<Hex>): Promise<Hex | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof Error && error.name === 'JsonRpcError') return null;
    throw error;
  }
}

/**
 * Tokens a follower knows the index holds (or holds once its pending windows commit), with the
 * block their facts were read at: a window of tokens all known asks the database nothing. The
 * follower forgets them all after any failure or rollback.
 */
export type KnownTokens = Map<string, bigint>;

/** Facts of the tokens `blocks` move that the index lacks, or holds only from a later block. */
export async function readNewTokenFacts(
  q: Queryable,
  source: BlockSource,
  blocks: readonly IndexedBlock[],
  known: KnownTokens = new Map(),
): Promise<TokenFactsRead[]> {
  const sightings = firstSightings(blocks);
  for (const [key, seen] of sightings) {
    const at = known.get(key);
    if (at !== undefined && at <= seen.blockNumber) sightings.delete(key);
  }
  if (sightings.size === 0) return [];
  const stored = await q.query(
    `SELECT ${hexCol('token', 'token')}, block_number::text AS block_number FROM tokens
      WHERE chain = $1 AND token = ANY(SELECT decode(t, 'hex') FROM unnest($2::text[]) t)`,
    [source.chain, [...sightings.keys()].map(hexParam)],
  );
  for (const row of stored) {
    const key = String(row.token);
    const seen = sightings.get(key);
    const at = BigInt(String(row.block_number));
    if (seen && at <= seen.blockNumber) {
      sightings.delete(key);
      known.set(key, at);
    }
  }
  for (const [key, seen] of sightings) known.set(key, seen.blockNumber);
  return Promise.all(
    [...sightings.values()].map(async ({ token, standard, blockNumber }) => {
      const ask = (data: Hex): Promise<Hex | null> => answerOrNull(source.client.call({ request: { to: token, data }, blockTag: blockNumber }));
      const [name, symbol, decimals] = await Promise.all([ask(TOKEN_CALLS.name), ask(TOKEN_CALLS.symbol), ask(TOKEN_CALLS.decimals)]);
      const facts = {
        name: name === null ? null : readTokenString(name),
        symbol: symbol === null ? null : readTokenString(symbol),
        decimals: decimals === null ? null : readTokenDecimals(decimals),
      };
      return { chain: source.chain, token, standard, blockNumber, ...facts, answered: Object.values(facts).some((v) => v !== null) };
    }),
  );
}
