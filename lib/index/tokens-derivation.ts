/**
 * The tokens derivation: one `tokens` row per token contract, from the facts read from the node
 * when a window first moved it (token-facts-read.ts, passed in as NodeReads.tokens).
 *
 * A row read at an earlier block replaces one read at a later block: a re-read of old blocks
 * (rereader.ts) may meet a token the live writer already recorded, and the index must end as a
 * fresh one would, with the facts of the token's first transfer. A rollback removes the tokens
 * first seen above the rollback height; they are read again when next seen.
 */
import type { Derivation } from './derivation';
import type { TokenFactsRead } from './token-facts-read';
import { columns, hexParam, text } from './sql';
import { STANDARD_CODE } from './token-transfer-derivation';

const UPSERT_TOKENS = `
  INSERT INTO tokens (chain, token, standard, name, symbol, decimals, answered, block_number)
  SELECT chain, decode(token, 'hex'), standard::smallint, name, symbol, decimals::smallint, answered::boolean, block_number::bigint
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
      AS u(chain, token, standard, name, symbol, decimals, answered, block_number)
  ON CONFLICT (chain, token) DO UPDATE
     SET standard = EXCLUDED.standard, name = EXCLUDED.name, symbol = EXCLUDED.symbol, decimals = EXCLUDED.decimals,
         answered = EXCLUDED.answered, block_number = EXCLUDED.block_number
   WHERE tokens.block_number > EXCLUDED.block_number`;

export const tokensDerivation: Derivation = {
  name: 'tokens',
  since: 4,

  async write(tx, blocks, reads) {
    const chain = blocks[0]?.chain;
    // One row per token (windows written together may each have read it): the earliest reading.
    const earliest = new Map<string, TokenFactsRead>();
    for (const t of reads.tokens ?? []) {
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

  async rollback(tx, chain, number) {
    await tx.query('DELETE FROM tokens WHERE chain = $1 AND block_number > $2', [chain, number]);
  },
};
