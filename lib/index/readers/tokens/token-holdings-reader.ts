/**
 * What the token pages ask the index beyond the transfer pages: the tokens an address has touched
 * (its holdings are then read from the node), a token's holders as of the height the index had
 * reached on the token's zone (so the node can be asked balanceOf at that same block), and the
 * standard a token's transfers were decoded as.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable } from '../../drivers/db';
import { big, integer, IndexRowError, optionalText, text } from '../paging/row-values';
import { hexCol, hexParam } from '../../drivers/sql';
import type { Holder } from './token-transfer-reader';

const STANDARDS: Readonly<Record<number, TokenStandard>> = { 20: 'ERC-20', 721: 'ERC-721', 1155: 'ERC-1155' };

function standardOf(value: number): TokenStandard {
  const standard = STANDARDS[value];
  if (!standard) throw new IndexRowError(`index row: standard ${value} is not a token standard`);
  return standard;
}

export interface TouchedToken {
  readonly token: Address;
  readonly standard: TokenStandard;
  /** ERC-1155: one entry per id the address moved (balances are per id); null otherwise. */
  readonly tokenId: bigint | null;
  /** The zone block of the address's latest transfer of it. */
  readonly lastBlock: bigint;
}

/**
 * The tokens `address` sent or received, most recently moved first, at most `limit` (ERC-1155
 * counted per id). Reads the address's own rows only (its primary key), never the whole table.
 */
export async function addressTokens(q: Queryable, address: Address, limit: number): Promise<TouchedToken[]> {
  const rows = await q.query(
    `SELECT ${hexCol('t.token', 'token')}, t.standard, CASE WHEN t.standard = 1155 THEN t.token_id::text END AS token_id,
            max(t.block_number)::text AS last_block
       FROM address_token_transfers a
       JOIN token_transfers t ON t.chain = a.chain AND t.block_number = a.block_number AND t.tx_index = a.tx_index
                             AND t.log_index = a.log_index AND t.item = a.item
      WHERE a.address = decode($1, 'hex')
      GROUP BY t.token, t.standard, CASE WHEN t.standard = 1155 THEN t.token_id::text END
      ORDER BY max(t.block_number) DESC, t.token, 3 LIMIT $2`,
    [hexParam(address), Math.max(1, Math.min(200, Math.trunc(limit)))],
  );
  return rows.map((row) => {
    const id = optionalText(row, 'token_id');
    return {
      token: text(row, 'token') as Address,
      standard: standardOf(integer(row, 'standard')),
      tokenId: id === null ? null : BigInt(id),
      lastBlock: big(row, 'last_block'),
    };
  });
}

/** The last block the index wrote on `chain`, or null when it has none yet. */
export async function indexedHeight(q: Queryable, chain: ChainName): Promise<bigint | null> {
  const [row] = await q.query(`SELECT number::text AS number FROM index_cursor WHERE chain = $1`, [chain]);
  return row ? big(row, 'number') : null;
}

/**
 * The `limit` largest holders of `token` counting only `chain`'s blocks up to `height`: the
 * holders as of that block, so each can be checked against balanceOf at the same block even
 * while the writer moves on. The zero address (mints, burns) is left out.
 */
export async function tokenHoldersAt(q: Queryable, token: Address, chain: ChainName, height: bigint, limit: number): Promise<Holder[]> {
  const rows = await q.query(
    `SELECT ${hexCol('address', 'address')}, sum(delta)::text AS balance FROM (
        SELECT recipient AS address, amount AS delta FROM token_transfers WHERE token = decode($1, 'hex') AND chain = $4 AND block_number <= $5
        UNION ALL
        SELECT sender AS address, -amount AS delta FROM token_transfers WHERE token = decode($1, 'hex') AND chain = $4 AND block_number <= $5
      ) moves
      WHERE address <> decode($3, 'hex')
      GROUP BY address HAVING sum(delta) > 0
      ORDER BY sum(delta) DESC, address LIMIT $2`,
    [hexParam(token), Math.max(1, Math.min(200, Math.trunc(limit))), '00'.repeat(20), chain, height],
  );
  return rows.map((row) => ({ address: text(row, 'address') as Address, balance: big(row, 'balance') }));
}

/** The standard the index decoded the token's transfers as (one row: the token index's seek), null when it holds none. */
export async function tokenStandardInIndex(q: Queryable, token: Address): Promise<TokenStandard | null> {
  const [row] = await q.query(`SELECT standard FROM token_transfers WHERE token = decode($1, 'hex') LIMIT 1`, [hexParam(token)]);
  return row ? standardOf(integer(row, 'standard')) : null;
}
