import { NotStored } from '@/components/ui/status/NotStored';
import { formatInteger, plural } from '@/lib/text/format';
import type { TxFailure } from '@/lib/server/tx/load-failure';
import { whyText } from '@/lib/trace/failure';
import { ChainText } from '@/components/ui/values/ChainText';
import { FailureSite } from './FailureSite';
import { FailureWhyText } from './FailureWhyText';

/**
 * The status row's second half: why a failed transaction failed, and where (or that it was
 * replayed to find out, or why nothing can be said); for a successful one, the calls inside it
 * that reverted and were caught. Nothing when there is nothing to say.
 */
export function FailureStatus({ failure, traceHref }: { failure: TxFailure | null; traceHref: string }) {
  if (!failure) return null;
  const transient = failure.transient ? <NotStored reason={`a failure's details could not be read: ${failure.transient}`} /> : null;
  switch (failure.kind) {
    case 'traced':
      return (
        <div className="mt-2 min-w-0 space-y-2" data-testid="failure">
          {transient}
          {failure.reverted ? <FailureSite site={failure.reverted} traceHref={traceHref} /> : null}
          {failure.inner.length > 0 ? <InnerReverts failure={failure} traceHref={traceHref} /> : null}
        </div>
      );
    case 'replayed':
      return (
        <div className="mt-2 min-w-0 space-y-1" data-testid="failure">
          {failure.why ? (
            <FailureWhyText why={failure.why} />
          ) : (
            <p className="text-sm">The replay succeeded: the failure depended on transactions before this one in its block.</p>
          )}
          <p className="text-xs text-muted" data-testid="failure-replayed">
            Replayed: this node does not trace, so the transaction was run again with <code>call</code> on the state after block{' '}
            {formatInteger(failure.blockNumber)}. Transactions before it in its own block are not applied, so the replay can differ from what happened.
          </p>
        </div>
      );
    case 'unknown':
      return (
        <p className="mt-2 text-xs text-muted [overflow-wrap:anywhere]" data-testid="failure-unknown">
          {transient}
          Why it failed cannot be said: {failure.reason}
        </p>
      );
  }
}

/** "1 internal call reverted": each caught failure with its reason and where it started. */
function InnerReverts({ failure, traceHref }: { failure: Extract<TxFailure, { kind: 'traced' }>; traceHref: string }) {
  const count = failure.inner.length;
  return (
    <details className="min-w-0 rounded-md border border-warn/40 px-2 py-1" data-testid="inner-reverts" data-count={count} open={count <= 3}>
      <summary className="cursor-pointer text-sm">
        <span className="font-medium text-warn">{plural(count, 'internal call')} reverted</span>{' '}
        <span className="text-xs text-muted">and {count === 1 ? 'was' : 'were'} caught: the transaction went on and succeeded</span>
        {count === 1 && failure.inner[0] ? (
          <span className="block text-xs [overflow-wrap:anywhere]">
            <ChainText text={whyText(failure.inner[0].why)} />
          </span>
        ) : null}
      </summary>
      <ol className="mt-1 space-y-2 pb-1">
        {failure.inner.map((site) => (
          <li key={site.pathText} className="min-w-0" data-testid="inner-revert">
            <FailureSite site={site} traceHref={traceHref} />
          </li>
        ))}
      </ol>
    </details>
  );
}
