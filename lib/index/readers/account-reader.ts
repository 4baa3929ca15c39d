/**
 * The top accounts of a zone from the index (migration 22): the accounts as of the chain's
 * complete balance block (`through`: both stages of the balance pass passed it), richest first
 * through account_balances_by_balance, each with its transactions (address_tx_counts) and its
 * share of the total the index holds (account_totals). One statement, so the page, the total and
 * the block they are as of come from one snapshot even while the writer commits.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable } from '../drivers/db';
import { hexParam } from '../drivers/sql';
import { clampLimit } from './paging/keyset';
import { BadCursorError } from './paging/page-cursor';
import { big, text } from './paging/row-values';

export interface AccountItem {
  readonly address: Address;
  /** Its balance at `through`, in wei. */
  readonly balance: bigint;
  /** Its share of the total of every account's balance the index holds, 0..1. */
  readonly share: number;
  /** Its transactions in the zone's history up to `through`. */
  readonly transactions: bigint;
  /** The block of its latest balance change. */
  readonly changedAt: bigint;
}

export interface AccountPage {
  readonly chain: ChainName;
  /** The block the balances are as of; null while the balance pass has completed none. */
  readonly through: bigint | null;
  /** The sum of every account's balance, and how many accounts the index holds. */
  readonly total: bigint;
  readonly accounts: bigint;
  readonly items: readonly AccountItem[];
  /** The rank of the page's first account (1 on the first page). */
  readonly firstRank: number;
  readonly next: string | null;
}

const REFUSED = 'cursor is not a token this API gave out';

/** `a1:<rank>:<balance>:<address>`, base64url: the rank and key of the last account served. */
export function encodeAccountCursor(rank: number, balance: bigint, address: Address): string {
  return Buffer.from(`a1:${rank}:${balance}:${address.slice(2).toLowerCase()}`, 'utf8').toString('base64url');
}

function decodeAccountCursor(cursor: string): { rank: number; balance: bigint; address: string } {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new BadCursorError(REFUSED);
  const match = /^a1:(\d{1,12}):(\d{1,78}):([0-9a-f]{40})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new BadCursorError(REFUSED);
  return { rank: Number(match[1]), balance: BigInt(match[2] as string), address: match[3] as string };
}

/** Parts per 10^12 of `total`, as a fraction (exact enough for a percentage with many decimals). */
function shareOf(balance: bigint, total: bigint): number {
  return total > 0n ? Number((balance * 1_000_000_000_000n) / total) / 1e12 : 0;
}

/** A page of `chain`'s accounts, richest first, after `cursor` (a `next` this function gave). */
export async function topAccounts(q: Queryable, chain: ChainName, options: { limit: number; cursor?: string | null }): Promise<AccountPage> {
  const limit = clampLimit(options.limit);
  const params: unknown[] = [chain, limit + 1];
  let after = '';
  let before = 0;
  if (options.cursor) {
    const key = decodeAccountCursor(options.cursor);
    before = key.rank;
    params.push(key.balance.toString(), key.address);
    after = ' AND (a.balance, a.address) < ($3::numeric, decode($4, \'hex\'))';
  }
  const rows = await q.query(
    `SELECT t.through::text AS through, t.total::text AS total, t.accounts::text AS accounts,
            t.through >= (SELECT min(b.number) FROM blocks b WHERE b.chain = $1) AS completed,
            p.address, p.balance, p.transactions, p.changed_at
       FROM account_totals t
       LEFT JOIN LATERAL (
         SELECT '0x' || encode(a.address, 'hex') AS address, a.balance::text AS balance, a.block_number::text AS changed_at,
                coalesce(c.transactions, 0)::text AS transactions
           FROM account_balances a LEFT JOIN address_tx_counts c ON c.chain = a.chain AND c.address = a.address
          WHERE a.chain = $1${after}
          ORDER BY a.balance DESC, a.address DESC LIMIT $2) p ON true
      WHERE t.chain = $1`,
    params,
  );
  const head = rows[0];
  if (!head) return { chain, through: null, total: 0n, accounts: 0n, items: [], firstRank: before + 1, next: null };
  const total = big(head, 'total');
  const items = rows
    .filter((r) => r.address !== null && r.address !== undefined)
    .map((r): AccountItem => ({
      address: text(r, 'address') as Address,
      balance: big(r, 'balance'),
      share: shareOf(big(r, 'balance'), total),
      transactions: big(r, 'transactions'),
      changedAt: big(r, 'changed_at'),
    }));
  const served = items.slice(0, limit);
  const last = served.at(-1);
  return {
    chain, through: head.completed === true ? BigInt(text(head, 'through')) : null, total, accounts: big(head, 'accounts'), items: served, firstRank: before + 1,
    next: items.length > limit && last ? encodeAccountCursor(before + served.length, last.balance, last.address) : null,
  };
}

/** An address's own row, for its page: balance as of `through` and its transactions; null when the index holds none. */
export async function accountOf(q: Queryable, chain: ChainName, address: Address): Promise<{ balance: bigint; transactions: bigint } | null> {
  const [row] = await q.query(
    `SELECT a.balance::text AS balance, coalesce(c.transactions, 0)::text AS transactions
       FROM account_balances a LEFT JOIN address_tx_counts c ON c.chain = a.chain AND c.address = a.address
      WHERE a.chain = $1 AND a.address = decode($2, 'hex')`,
    [chain, hexParam(address)],
  );
  return row ? { balance: big(row, 'balance'), transactions: big(row, 'transactions') } : null;
}
