import type { ConsistencyCheck } from '@/lib/checks/account-proof';
import type { ProofOutcome } from '@/lib/checks/proof-outcome';
import { Glyph } from '@/components/ui/values/Glyph';

/**
 * A proof's verdict and why: ✓ verified, ✓ proves absence, ✗ valid but for another root (naming
 * it), ✗ corrupt (with the verifier's reason). `data-verdict` is verified or failed, `data-outcome`
 * the kind. `testId` lets e2e tests find each verdict.
 */
export function ProofStatus({ outcome, what, testId }: { outcome: ProofOutcome; what: string; testId: string }) {
  if (outcome.kind === 'verified' || outcome.kind === 'absent') {
    return (
      <p data-testid={testId} data-verdict="verified" data-outcome={outcome.kind} className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-ok"><Glyph name="pass" /> verified</span>
        <span className="text-muted">
          {what} {outcome.kind === 'absent' ? '(a proof that it is absent: the value is empty)' : ''}
        </span>
      </p>
    );
  }
  if (outcome.kind === 'other-root') {
    return (
      <div data-testid={testId} data-verdict="failed" data-outcome="other-root" role="alert" className="text-sm">
        <p className="font-semibold text-bad"><Glyph name="fail" /> failed · valid, but for another root</p>
        <p className="mt-1 break-words text-bad">
          The proof is well-formed: it proves {outcome.existence === 'absent' ? 'absence' : 'the values below'} against{' '}
          <span className="break-all font-mono text-xs" data-testid={`${testId}-root`}>
            {outcome.root}
          </span>
          , not against the expected root <span className="break-all font-mono text-xs">{outcome.expectedRoot}</span> ({what}). The node answered
          for another state.
        </p>
      </div>
    );
  }
  return (
    <div data-testid={testId} data-verdict="failed" data-outcome="corrupt" role="alert" className="text-sm">
      <p className="font-semibold text-bad"><Glyph name="fail" /> failed · corrupt</p>
      <p className="mt-1 break-words text-bad">{outcome.reason}</p>
    </div>
  );
}

/** The plain answers compared with what the proof commits to. */
export function ConsistencyList({ checks }: { checks: readonly ConsistencyCheck[] }) {
  if (checks.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {checks.map((c) => (
        <li key={c.label} className="flex flex-wrap gap-x-2">
          <Glyph name={c.ok ? 'pass' : 'fail'} label={c.ok ? 'holds:' : 'fails:'} className={c.ok ? 'text-ok' : 'text-bad'} />
          <span>{c.label}</span>
          <span className="min-w-0 break-all font-mono text-xs text-muted">{c.detail}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Beside a value the page shows: "unproven" when no verified proof ties it to the block's state,
 * "differs from the proof" when the plain answer and the proof disagree. Nothing when proven.
 */
export function ProvenMark({ proven, differs }: { proven: boolean; differs?: boolean }) {
  if (proven && !differs) return null;
  return (
    <span
      data-testid="unproven"
      className="ml-2 inline-flex items-center whitespace-nowrap rounded-full border border-bad/40 px-2 py-px text-xs font-medium text-bad"
      title={proven ? 'The plain answer differs from what the verified proof commits to' : 'No verified proof ties this value to the block\u2019s state root'}
    >
      {proven ? <><Glyph name="fail" /> differs from the proof</> : 'unproven'}
    </span>
  );
}
