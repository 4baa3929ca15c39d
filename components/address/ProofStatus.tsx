import type { ProofResult } from '@/lib/protocol/proof';
import type { ConsistencyCheck } from '@/lib/checks/account-proof';

/** ✓ verified / ✗ failed with the verifier's reason. `testId` lets e2e tests find each verdict. */
export function ProofStatus({ result, what, testId }: { result: ProofResult; what: string; testId: string }) {
  if (result.ok) {
    return (
      <p data-testid={testId} data-verdict="verified" className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-ok">✓ verified</span>
        <span className="text-muted">
          {what} {result.existence === 'absent' ? '(a proof that it is absent: the value is empty)' : ''}
        </span>
      </p>
    );
  }
  return (
    <div data-testid={testId} data-verdict="failed" role="alert" className="text-sm">
      <p className="font-semibold text-bad">✗ failed</p>
      <p className="mt-1 break-words text-bad">{result.reason}</p>
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
          <span className={c.ok ? 'text-ok' : 'text-bad'}>{c.ok ? '✓' : '✗'}</span>
          <span>{c.label}</span>
          <span className="min-w-0 break-all font-mono text-xs text-muted">{c.detail}</span>
        </li>
      ))}
    </ul>
  );
}
