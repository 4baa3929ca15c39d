import { Address } from '@/components/ui/values/Address';
import { Amount } from '@/components/ui/values/Amount';
import { Hash } from '@/components/ui/values/Hash';
import type { Transaction } from '@/lib/rpc/domain';
import { urls } from '@/lib/routes/urls';
import { TxTypeBadge } from './TxTypeBadge';
import { DataTable } from '@/components/ui/layout/DataTable';

/**
 * Transactions as a table (a block's transactions or its ETXs) with its `caption`. `href` gives each row's link;
 * by default the EIP-3091 transaction page. Links are not prefetched: a block can list hundreds
 * of transactions, and each prefetch would ask every zone for one.
 */
export function TxTable({
  transactions,
  href = (tx) => urls.tx(tx.hash),
  empty,
  caption,
}: {
  transactions: readonly Transaction[];
  href?: (tx: Transaction, index: number) => string;
  empty: string;
  /** What a screen reader hears on entering the table. */
  caption: string;
}) {
  if (transactions.length === 0) return <p className="p-4 text-sm text-muted">{empty}</p>;
  return (
    <DataTable caption={caption} className="w-full min-w-[44rem] text-sm" testId="tx-table">
        <thead className="text-left text-xs text-muted">
          <tr className="border-b border-border">
            <th className="px-3 py-2 font-medium">#</th>
            <th className="px-3 py-2 font-medium">Hash</th>
            <th className="px-3 py-2 font-medium">Type</th>
            <th className="px-3 py-2 font-medium">From</th>
            <th className="px-3 py-2 font-medium">To</th>
            <th className="px-3 py-2 text-right font-medium">Value</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {transactions.map((tx, i) => (
            <tr key={tx.hash}>
              <td className="px-3 py-2 tabular-nums text-muted">{tx.transactionIndex ?? i}</td>
              <td className="px-3 py-2">
                <Hash value={tx.hash} href={href(tx, i)} copy />
              </td>
              <td className="px-3 py-2">
                <TxTypeBadge type={tx.type} />
              </td>
              <td className="px-3 py-2">
                <Address address={tx.type === 1 ? tx.sender : tx.from} zone />
              </td>
              <td className="px-3 py-2">
                {tx.to ? <Address address={tx.to} zone /> : <span className="text-muted">contract creation</span>}
              </td>
              <td className="px-3 py-2 text-right">
                <Amount wei={tx.value} />
              </td>
            </tr>
          ))}
        </tbody>
    </DataTable>
  );
}
