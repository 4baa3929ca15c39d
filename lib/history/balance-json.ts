/**
 * The public JSON shapes of balances through time (docs/api.md, "Balances"): an address's balance
 * changes and a zone's top accounts. Wei amounts and block numbers are decimal strings (they pass
 * 2^53); `delta` is signed. Browser-safe: the Analytics tab and /accounts draw from the same shapes.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { AccountItem, AccountPage } from '@/lib/index/readers/account-reader';
import type { BalanceChangeItem } from '@/lib/index/readers/balance-reader';

export interface BalanceChangeJson {
  readonly chain: ChainName;
  readonly blockNumber: string;
  readonly blockHash: string;
  /** Unix seconds of the block. */
  readonly timestamp: string;
  /** The balance at the block, in wei. */
  readonly balance: string;
  /** Its difference from the block before, in wei ("-…" when it went down). */
  readonly delta: string;
}

export interface BalanceHistoryJson {
  readonly items: readonly BalanceChangeJson[];
  readonly next: string | null;
}

export function balanceChangeJson(item: BalanceChangeItem): BalanceChangeJson {
  return {
    chain: item.chain, blockNumber: item.blockNumber.toString(), blockHash: item.blockHash, timestamp: item.timestamp.toString(),
    balance: item.balance.toString(), delta: item.delta.toString(),
  };
}

export interface AccountJson {
  readonly rank: number;
  readonly address: string;
  readonly balance: string;
  /** Its share of the total the index holds, a fraction 0..1 (JSON number). */
  readonly share: number;
  readonly transactions: string;
  /** The operator's or the explorer's known label, null when none. */
  readonly label: string | null;
  /** The block the balance is as of. */
  readonly blockNumber: string;
}

export interface AccountsJson {
  readonly chain: ChainName;
  /** The block every balance of the page is as of; null while none is complete. */
  readonly blockNumber: string | null;
  /** The sum of every account's balance the index holds, and how many accounts it holds. */
  readonly total: string;
  readonly accounts: string;
  readonly items: readonly AccountJson[];
  readonly next: string | null;
}

export function accountsJson(page: AccountPage, labelOf: (address: string) => string | null): AccountsJson {
  const through = page.through === null ? null : page.through.toString();
  return {
    chain: page.chain, blockNumber: through, total: page.total.toString(), accounts: page.accounts.toString(),
    items: page.items.map((a: AccountItem, i) => ({
      rank: page.firstRank + i, address: a.address, balance: a.balance.toString(), share: a.share, transactions: a.transactions.toString(),
      label: labelOf(a.address), blockNumber: through ?? a.changedAt.toString(),
    })),
    next: page.next,
  };
}
