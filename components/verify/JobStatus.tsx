import Link from 'next/link';
import type { StatusOutcome } from '@/lib/server/contracts/verify-jobs';
import { urls } from '@/lib/routes/urls';

/**
 * A verification job as the server read it for `/verify?guid=`: what a reader without JavaScript
 * sees (with a link to ask again), and what the form's follower starts from.
 */
export function JobStatus({ guid, outcome }: { guid: string; outcome: StatusOutcome }) {
  if (outcome.kind === 'unavailable') {
    return <p role="alert" className="rounded-lg border border-warn/40 bg-surface p-4 text-sm" data-testid="job-status">This explorer cannot read verification jobs now: {outcome.reason}</p>;
  }
  if (outcome.kind === 'unknown') {
    return <p role="alert" className="rounded-lg border border-bad/40 bg-surface p-4 text-sm" data-testid="job-status">No verification job has the id <code className="font-mono text-xs">{guid}</code>.</p>;
  }
  const { status } = outcome;
  const done = status.state !== 'pending';
  return (
    <section className="space-y-1 card p-4 text-sm" data-testid="job-status" data-state={status.state}>
      <p>
        Job <code className="font-mono text-xs">{guid}</code> for <code className="font-mono text-xs">{status.address}</code> ({status.contractName}, {status.compilerVersion}):{' '}
        <strong className={status.state === 'fail' ? 'text-bad' : done ? 'text-ok' : undefined}>{status.result}</strong>
      </p>
      {status.reason ? <p>{status.reason}</p> : null}
      {done ? (
        status.state !== 'fail' ? <Link href={urls.addressContract(status.address)}>The verified source on the contract&apos;s page →</Link> : null
      ) : (
        <p className="text-muted">
          Still compiling or matching. <a href={urls.verify({ guid })}>Ask again</a>
        </p>
      )}
    </section>
  );
}
