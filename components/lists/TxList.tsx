import { getChain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import type { ListedTx } from '@/lib/index/readers/lists/tx-list-reader';
import { feeOf, methodOf } from '@/lib/server/tx/tx-list';
import type { PendingTx } from '@/lib/server/network/pending-list';
import { urls } from '@/lib/routes/urls';
import { Badge } from '@/components/ui/layout/Badge';
import { DataTable } from '@/components/ui/layout/DataTable';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { Amount } from '@/components/ui/values/Amount';
import { Glyph } from '@/components/ui/values/Glyph';
import { Hash } from '@/components/ui/values/Hash';
import { SoftLink } from '@/components/ui/values/SoftLink';
import type { Hex } from 'viem';

const TH = 'px-3 py-2 font-medium';
const TD = 'px-3 py-2';

/** The method a row calls: its name when the signature table knows the selector (the selector in the title), else the selector. */
function Method({ selector }: { selector: string | null }) {
  const method = methodOf(selector as Hex | null);
  if (!method) return <span className="text-muted">—</span>;
  return (
    <span className="inline-block max-w-40 truncate rounded border border-border px-1.5 font-mono text-xs" title={method.signature ? `${method.signature} (${method.selector})` : method.selector}>
      {method.name ?? method.selector}
    </span>
  );
}

/** The Quai type, in words: a plain transaction, or an ETX with its other zone. */
function TxType({ tx }: { tx: Pick<ListedTx, 'type' | 'otherChain' | 'kind'> }) {
  if (tx.type === 2) {
    return <Badge tone="region" title="Type 2: sends an external transaction (ETX) to another zone">ETX sent{tx.otherChain ? <> <Glyph name="to" label="to" /> {getChain(tx.otherChain).label}</> : null}</Badge>;
  }
  if (tx.type === 1) {
    return <Badge tone="region" title="Type 1: an external transaction (ETX) this zone credited">ETX received{tx.otherChain ? <> <Glyph name="from" label="from" /> {getChain(tx.otherChain).label}</> : null}</Badge>;
  }
  return <Badge title="Type 0: an ordinary transaction within the zone">{tx.kind === 'contract-creation' ? 'creation' : 'internal'}</Badge>;
}

function Status({ status }: { status: ListedTx['status'] }) {
  if (status === null) return <span className="text-muted">unknown</span>;
  return <Badge tone={status === 'success' ? 'ok' : 'bad'}>{status === 'success' ? 'success' : 'failed'}</Badge>;
}

/** A zone's mined transactions: one row each. */
export function MinedTxTable({ zone, txs }: { zone: string; txs: readonly ListedTx[] }) {
  return (
    <DataTable caption={`Transactions of ${zone}, newest first`} className="list-table w-full text-sm" testId="tx-list">
      <thead className="text-left text-xs text-muted">
        <tr className="border-b border-border">
          <th className={TH}>Transaction</th>
          <th className={TH}>Method</th>
          <th className={`${TH} text-right`}>Age</th>
          <th className={TH}>From</th>
          <th className={TH}>To</th>
          <th className={`${TH} text-right`}>Value</th>
          <th className={`${TH} text-right`}>Fee</th>
          <th className={TH}>Status</th>
          <th className={TH}>Type</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {txs.map((t) => {
          const fee = feeOf(t);
          return (
            <tr key={`${t.blockNumber}:${t.index}`} data-testid="tx-row" data-hash={t.hash} data-block={t.blockNumber.toString()}>
              <td className={TD}>
                <Hash value={t.hash} href={urls.tx(t.hash)} head={8} tail={6} />
                <div className="text-xs text-muted">
                  <SoftLink href={urls.block(t.chain, t.blockNumber)} className="tabular-nums">block #{formatInteger(t.blockNumber)}</SoftLink>
                </div>
              </td>
              <td className={TD} data-label="Method"><Method selector={t.method} /></td>
              <td className={`${TD} text-right text-muted`} data-label="Age"><Age timestamp={t.timestamp} /></td>
              <td className={TD} data-label="From"><Address address={t.from} /></td>
              <td className={TD} data-label="To">
                {t.to ? (
                  <Address address={t.to} />
                ) : t.contractAddress ? (
                  <span><span className="text-xs text-muted">created </span><Address address={t.contractAddress} /></span>
                ) : (
                  <span className="text-muted">contract creation</span>
                )}
              </td>
              <td className={`${TD} text-right`} data-label="Value"><Amount wei={t.value} /></td>
              <td className={`${TD} text-right`} data-label="Fee">{fee === null ? <span className="text-muted">—</span> : <Amount wei={fee} />}</td>
              <td className={TD} data-label="Status"><Status status={t.status} /></td>
              <td className={TD} data-label="Type"><TxType tx={t} /></td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

/** A zone's pooled transactions, by sender and nonce, each with the nonces missing below it. */
export function PendingTxTable({ zone, txs }: { zone: string; txs: readonly PendingTx[] }) {
  return (
    <DataTable caption={`Transactions waiting in ${zone}'s txpool, by sender and nonce`} className="list-table w-full text-sm" testId="pending-list">
      <thead className="text-left text-xs text-muted">
        <tr className="border-b border-border">
          <th className={TH}>Transaction</th>
          <th className={TH}>From</th>
          <th className={`${TH} text-right`}>Nonce</th>
          <th className={TH}>Method</th>
          <th className={TH}>To</th>
          <th className={`${TH} text-right`}>Value</th>
          <th className={`${TH} text-right`}>Max fee</th>
          <th className={TH}>Waiting</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {txs.map((p) => (
          <tr key={`${p.from}:${p.nonce}`} data-testid="pending-row" data-hash={p.tx?.hash ?? ''} data-nonce={p.nonce.toString()}>
            <td className={TD}>
              {p.tx ? <Hash value={p.tx.hash} href={urls.tx(p.tx.hash)} head={8} tail={6} /> : <span className="text-xs text-muted">{p.summary ?? 'no details served'}</span>}
            </td>
            <td className={TD} data-label="From"><Address address={p.from} /></td>
            <td className={`${TD} text-right tabular-nums`} data-label="Nonce">
              {formatInteger(p.nonce)}
              {p.gap ? (
                <div className="text-xs text-warn" data-testid="nonce-gap">
                  {p.gap.from === p.gap.to ? `nonce ${formatInteger(p.gap.from)} missing` : `nonces ${formatInteger(p.gap.from)}–${formatInteger(p.gap.to)} missing`}
                </div>
              ) : null}
            </td>
            <td className={TD} data-label="Method"><Method selector={p.tx?.method ?? null} /></td>
            <td className={TD} data-label="To">{p.tx ? (p.tx.to ? <Address address={p.tx.to} /> : <span className="text-muted">contract creation</span>) : <span className="text-muted">—</span>}</td>
            <td className={`${TD} text-right`} data-label="Value">{p.tx ? <Amount wei={BigInt(p.tx.value)} /> : <span className="text-muted">—</span>}</td>
            <td className={`${TD} text-right`} data-label="Max fee">{p.tx ? <Amount wei={BigInt(p.tx.maxFeePerGas)} unit="gwei" /> : <span className="text-muted">—</span>}</td>
            <td className={TD} data-label="Waiting">
              <Badge tone={p.status === 'pending' ? 'ok' : 'warn'} title={p.status === 'pending' ? 'Runnable now: the next block may include it' : 'Queued behind a nonce the pool does not hold'}>
                {p.status}
              </Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
