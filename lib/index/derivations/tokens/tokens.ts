/**
 * The tokens derivation: one `tokens` row per token contract, from the facts read from the node
 * when a window first moved it (token-facts-read.ts: this derivation's node reads, which the
 * engine makes before the write transaction and hands back to `write`).
 *
 * A row read at an earlier block replaces one read at a later block: a re-read of old blocks
 * (rereader.ts) may meet a token the live writer already recorded, and the index must end as a
 * fresh one would, with the facts of the token's first transfer. A rollback removes the tokens
 * first seen above the rollback height; they are read again when next seen.
 */
import { columns, hexParam, text } from '../../drivers/sql';
import type { Derivation } from '../../engine/derivation';
import { readNewTokenFacts, type KnownTokens, type TokenFactsRead } from './token-facts-read';
import { STANDARD_CODE } from './token-transfers';

const UPSERT_TOKENS = `
  INSERT INTO tokens (chain, token, standard, name, symbol, decimals, answered, block_number)
  SELECT chain, decode(token, 'hex'), standard::smallint, name, symbol, decimals::smallint, answered::boolean, block_number::bigint
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
      AS u(chain, token, standard, name, symbol, decimals, answered, block_number)
  ON CONFLICT (chain, token) DO UPDATE
     SET standard = EXCLUDED.standard, name = EXCLUDED.name, symbol = EXCLUDED.symbol, decimals = EXCLUDED.decimals,
         answered = EXCLUDED.answered, block_number = EXCLUDED.block_number
   WHERE tokens.block_number > EXCLUDED.block_number`;

export const tokensDerivation: Derivation<TokenFactsRead> = {
  name: 'tokens',
  since: 4,
  // A token's row goes with the block that first saw it (its block_number), and is read again when next seen.
  tables: [{ name: 'tokens', rows: 'of-block' }],
  nodeReads: {
    start() {
      // The tokens this reader's follower met: a window of known tokens asks the database nothing.
      const known: KnownTokens = new Map();
      return (q, source, blocks) => readNewTokenFacts(q, source, blocks, known);
    },
  },

  async write(tx, blocks, facts) {
    const chain = blocks[0]?.chain;
    // One row per token (windows written together may each have read it): the earliest reading.
    const earliest = new Map<string, TokenFactsRead>();
    for (const t of facts) {
      const seen = earliest.get(t.token);
      if (t.chain === chain && (!seen || t.blockNumber < seen.blockNumber)) earliest.set(t.token, t);
    }
    const rows = [...earliest.values()]
      .map((t) => [
        t.chain, hexParam(t.token), text(STANDARD_CODE[t.standard]), t.name, t.symbol, text(t.decimals),
        String(t.answered), text(t.blockNumber),
      ]);
    if (rows.length > 0) await tx.query(UPSERT_TOKENS, columns(rows, 8));
  },
};
