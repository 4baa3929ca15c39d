import { Address } from '@/components/ui/values/Address';
import { Badge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { Unserved } from '@/components/ui/status/Unserved';
import { formatQuai } from '@/lib/text/format';
import type { Transaction } from '@/lib/rpc/domain';
import { urls } from '@/lib/routes/urls';
import type { AddressState } from '@/lib/server/address/load-address';

/** The address's own transactions in the zone's pool (txpool_contentFrom), pending and queued. */
export function PoolEntries({ pool }: { pool: AddressState['pool'] }) {
  if (!pool.ok) {
    if (pool.unserved) return <div className="p-4"><Unserved feature="This address's pending transactions" method="txpool_contentFrom" /></div>;
    return <p className="p-4 text-sm text-bad">txpool_contentFrom failed: {pool.message}</p>;
  }
  const rows: { tx: Transaction; status: 'pending' | 'queued' }[] = [
    ...pool.value.pending.map((tx) => ({ tx, status: 'pending' as const })),
    ...pool.value.queued.map((tx) => ({ tx, status: 'queued' as const })),
  ];
  if (rows.length === 0) return <p className="p-4 text-sm text-muted" data-testid="pool-empty">No transactions from this address are waiting in the pool.</p>;
  return (
    <ul className="divide-y divide-border" data-testid="address-pool">
      {rows.map(({ tx, status }) => (
        <li key={`${status}-${tx.nonce}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
          <span className="font-mono tabular-nums">nonce {tx.nonce.toString()}</span>
          <Badge tone={status === 'pending' ? 'ok' : 'warn'}>{status}</Badge>
          <Hash value={tx.hash} href={urls.tx(tx.hash)} />
          <span className="text-muted">to</span>
          {tx.to ? <Address address={tx.to} /> : <span>contract creation</span>}
          <span className="tabular-nums">{formatQuai(tx.value)}</span>
        </li>
      ))}
    </ul>
  );
}
