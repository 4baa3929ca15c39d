'use client';

import { usePoll } from '@/components/ui/live/use-poll';
import { Unserved } from '@/components/ui/status/Unserved';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { PoolGroup } from './PoolGroup';
import type { Section, TxpoolView } from '@/lib/network/txpool-view';

const POLL_MS = 3_000;

async function fetchPool(zone: string): Promise<TxpoolView> {
  const response = await fetch(urls.api.txpool(zone), { cache: 'no-store' });
  if (!response.ok) throw new Error(`The explorer answered ${response.status} for the txpool`);
  return (await response.json()) as TxpoolView;
}

/**
 * A zone's txpool, live: starts from the server-rendered view and polls /api/txpool/<zone>
 * every few seconds, so transactions appear, get mined and disappear without a reload.
 */
export function TxpoolLive({ initial }: { initial: TxpoolView }) {
  const query = usePoll({
    queryKey: ['strata', 'txpool', initial.zone],
    queryFn: () => fetchPool(initial.zone),
    initialData: initial,
    initialDataUpdatedAt: initial.fetchedAt,
    // A node that serves no txpool method will not start serving one between polls.
    refetchInterval: (q) => (q.state.data && unservedEntirely(q.state.data) ? false : POLL_MS),
  });
  const view = query.data;
  if (unservedEntirely(view)) {
    return (
      <div className="space-y-4">
        <Unserved feature="The transaction pool" method="txpool_status, txpool_content or txpool_inspect">
          <p className="mt-2">
            Transactions sent to this zone still appear on their own pages once mined. Nothing here refreshes, since there is
            nothing the node would show.
          </p>
        </Unserved>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {/* Only a failure is announced: the time read changes with every poll. */}
      <p className="text-xs text-muted">
        <span role="status">
          {query.isError ? <span className="text-warn">Refresh failed; showing the pool as of {new Date(view.fetchedAt).toLocaleTimeString()}. Retrying…</span> : null}
        </span>
        {query.isError ? null : (
          <>
            Refreshes every {POLL_MS / 1000} s · read at <span suppressHydrationWarning>{new Date(view.fetchedAt).toLocaleTimeString()}</span>
          </>
        )}
      </p>
      <StatusCounts status={view.status} />
      <Groups groups={view.groups} inspect={view.inspect} />
    </div>
  );
}

function unservedEntirely(view: TxpoolView): boolean {
  return view.status.kind === 'unserved' && view.groups.kind === 'unserved' && view.inspect.kind === 'unserved';
}

function StatusCounts({ status }: { status: TxpoolView['status'] }) {
  if (status.kind === 'unserved') return <Unserved feature="The pool summary" method={status.method} />;
  if (status.kind === 'error') return <p className="text-sm text-bad">txpool_status failed: {status.message}</p>;
  return (
    <dl className="grid max-w-md grid-cols-2 gap-3" data-testid="txpool-status">
      <Count label="Pending" hint="Executable now: consecutive nonces from the account's nonce" value={status.value.pending} testId="pending-count" />
      <Count label="Queued" hint="Waiting behind a nonce gap" value={status.value.queued} testId="queued-count" />
    </dl>
  );
}

function Count({ label, hint, value, testId }: { label: string; hint: string; value: string; testId: string }) {
  return (
    <div className="card p-3" title={hint}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {formatInteger(BigInt(value))}
      </dd>
    </div>
  );
}

function Groups({ groups, inspect }: { groups: TxpoolView['groups']; inspect: Section<null> }) {
  if (groups.kind === 'unserved') {
    return <Unserved feature="The pool's transactions" method={groups.method} />;
  }
  if (groups.kind === 'error') return <p className="text-sm text-bad">Reading the pool failed: {groups.message}</p>;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">By sender</h2>
        <p className="text-xs text-muted">
          Ordered by nonce; senders with missing nonces first.
          {inspect.kind === 'unserved' ? ' The node does not serve txpool_inspect, so there are no summaries.' : ' Grey lines are txpool_inspect summaries.'}
        </p>
      </div>
      {groups.value.length === 0 ? (
        <p className="card p-4 text-sm text-muted">The pool is empty.</p>
      ) : (
        groups.value.map((g) => <PoolGroup key={g.sender} group={g} />)
      )}
    </div>
  );
}
