import Link from 'next/link';
import { Age } from '@/components/ui/values/Age';
import { Badge } from '@/components/ui/layout/Badge';
import { LEVEL_NAMES, NETWORKS } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { locationMatches, type Field, type NetworkRow } from '@/lib/network/network-row';
import type { SyncState } from '@/lib/checks/sync';
import { DataTable } from '@/components/ui/layout/DataTable';
import { NumberTriple } from '@/components/ui/values/NumberTriple';

const STATE_TONE: Record<SyncState, 'ok' | 'warn' | 'bad' | 'neutral'> = {
  synced: 'ok',
  syncing: 'warn',
  behind: 'warn',
  stalled: 'bad',
  unknown: 'neutral',
};

/** A failed or unserved figure, said briefly; the title holds the node's message. */
function Missing({ field }: { field: Extract<Field<unknown>, { ok: false }> }) {
  return (
    <span className="text-muted" title={field.message}>
      {field.unserved ? 'not served' : 'error'}
    </span>
  );
}

function show<T>(field: Field<T>, render: (value: T) => React.ReactNode): React.ReactNode {
  return field.ok ? render(field.value) : <Missing field={field} />;
}

/** Every configured chain in one table: identity, head, sync and peer figures. */
export function NetworkTable({ rows }: { rows: readonly NetworkRow[] }) {
  return (
    <>
    <NetworkCards rows={rows} />
    <DataTable caption="Every configured chain: its node, head, sync and peers" boxClassName="hidden card md:block" className="w-full min-w-[60rem] text-left text-sm" testId="network-table">
        <thead className="border-b border-border text-xs text-muted">
          <tr>
            <th className="sticky left-0 bg-surface px-3 py-2 font-medium">Chain</th>
            <th className="px-3 py-2 font-medium">Chain id</th>
            <th className="px-3 py-2 font-medium" title="quai_nodeLocation: [region, zone]">Location</th>
            <th className="px-3 py-2 text-right font-medium">Block number</th>
            <th className="px-3 py-2 font-medium">Head age</th>
            <th className="px-3 py-2 font-medium" title="quai_syncing as the node reports it (reliable for prime only)">syncing</th>
            <th className="px-3 py-2 font-medium">Progress check</th>
            <th className="px-3 py-2 font-medium">Listening</th>
            <th className="px-3 py-2 text-right font-medium">Peers</th>
            <th className="px-3 py-2 font-medium">net_version</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <NetworkTableRow key={row.chain.name} row={row} />
          ))}
        </tbody>
    </DataTable>
    </>
  );
}

/** Narrow screens: one card per chain instead of a ten-column table. */
function NetworkCards({ rows }: { rows: readonly NetworkRow[] }) {
  return (
    <ul className="space-y-3 md:hidden" data-testid="network-cards">
      {rows.map((row) => {
        const level = LEVEL_NAMES[row.chain.level];
        return (
          <li key={row.chain.name} data-testid="network-card" data-chain={row.chain.name} className="card p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Link href={urls.chain(row.chain.name)} className="font-medium">{row.chain.label}</Link>
              <Badge tone={level}>{level}</Badge>
              <Badge tone={STATE_TONE[row.verdict.state]}>{row.verdict.state}</Badge>
            </div>
            <p className="mt-1 text-xs text-muted">{row.verdict.reason}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted">Block</dt>
              <dd className="font-mono tabular-nums">
                {/* Underlined: the numbers beside it are text, so the link is told apart by more than its colour. */}
                {show(row.blockNumber, (n) => (
                  <Link href={urls.block(row.chain.name, n)} className="underline underline-offset-2">
                    {formatInteger(n)}
                  </Link>
                ))}
                {row.head.ok ? <NumberTriple numbers={row.head.value.number} className="ml-2 text-muted" /> : null}
              </dd>
              <dt className="text-muted">Head</dt>
              <dd>
                {show(row.head, (h) => <Age timestamp={h.timestamp} />)}
                {row.avgBlockTimeSec !== undefined ? <span className="ml-2 text-muted">~{row.avgBlockTimeSec.toFixed(1)} s/block</span> : null}
              </dd>
              <dt className="text-muted">syncing</dt>
              <dd>
                {show(row.syncing, (s) => (s === false ? 'false' : s === true ? 'true' : 'progress'))}
                {row.chain.level !== 0 ? <span className="ml-2 text-muted">unreliable off prime</span> : null}
              </dd>
              <dt className="text-muted">Chain id</dt>
              <dd>{show(row.chainId, (id) => `${id}${NETWORKS[Number(id)] ? ` (${NETWORKS[Number(id)]})` : ''}`)}</dd>
              <dt className="text-muted">Location</dt>
              <dd className="font-mono">{show(row.location, (loc) => `[${loc.join(', ')}]`)}</dd>
              <dt className="text-muted">Peers</dt>
              <dd>
                {show(row.peerCount, (p) => p.toString())} · listening {show(row.listening, (l) => (l ? 'yes' : 'no'))} · net_version{' '}
                {show(row.netVersion, (v) => v)}
              </dd>
              <dt className="text-muted">URL</dt>
              <dd className="break-all font-mono">{row.url}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function NetworkTableRow({ row }: { row: NetworkRow }) {
  const level = LEVEL_NAMES[row.chain.level];
  return (
    <tr data-testid="network-row" data-chain={row.chain.name} className="align-top">
      <th scope="row" className="sticky left-0 bg-surface px-3 py-2 font-medium">
        <span className="flex items-center gap-2">
          <Link href={urls.chain(row.chain.name)}>{row.chain.label}</Link>
          <Badge tone={level}>{level}</Badge>
        </span>
        <span className="block font-mono text-xs font-normal text-muted">{row.url}</span>
      </th>
      <td className="px-3 py-2 tabular-nums">
        {show(row.chainId, (id) => (
          <span title={NETWORKS[Number(id)] ?? 'unknown network'}>
            {id.toString()}
            {NETWORKS[Number(id)] ? <span className="ml-1 text-xs text-muted">{NETWORKS[Number(id)]}</span> : null}
          </span>
        ))}
      </td>
      <td className="px-3 py-2 font-mono text-xs">
        {show(row.location, (loc) => (
          <span className={locationMatches(row.chain, loc) ? '' : 'text-bad'} title={locationMatches(row.chain, loc) ? undefined : `Expected a node at [${row.chain.location.join(', ')}]`}>
            [{loc.join(', ')}]
          </span>
        ))}
      </td>
      <td className="px-3 py-2 text-right font-mono tabular-nums" data-testid="block-number">
        {show(row.blockNumber, (n) => <Link href={urls.block(row.chain.name, n)}>{formatInteger(n)}</Link>)}
        {row.head.ok ? <NumberTriple numbers={row.head.value.number} className="block text-xs text-muted" /> : null}
      </td>
      <td className="px-3 py-2">
        {show(row.head, (h) => <Age timestamp={h.timestamp} />)}
        {row.avgBlockTimeSec !== undefined ? <span className="block text-xs text-muted">~{row.avgBlockTimeSec.toFixed(1)} s/block</span> : null}
      </td>
      <td className="px-3 py-2">
        {show(row.syncing, (s) => (
          <span>
            {s === false ? 'false' : s === true ? 'true' : 'progress'}
            {row.chain.level !== 0 ? <span className="block text-xs text-muted" title="The spec: syncing is correct only for prime">unreliable off prime</span> : null}
          </span>
        ))}
      </td>
      <td className="max-w-[18rem] px-3 py-2">
        <Badge tone={STATE_TONE[row.verdict.state]}>{row.verdict.state}</Badge>
        <span className="mt-1 block text-xs text-muted">{row.verdict.reason}</span>
      </td>
      <td className="px-3 py-2">{show(row.listening, (l) => (l ? 'yes' : <span className="text-warn">no</span>))}</td>
      <td className="px-3 py-2 text-right tabular-nums">{show(row.peerCount, (p) => p.toString())}</td>
      <td className="px-3 py-2 font-mono text-xs">{show(row.netVersion, (v) => v)}</td>
    </tr>
  );
}
