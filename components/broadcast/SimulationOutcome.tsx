import { formatEther } from 'viem';
import type { SimulatedLine, SimulationAnswer } from '@/lib/wallet/simulate-types';

const short = (address: string | null) => (address ? `${address.slice(0, 8)}…${address.slice(-6)}` : 'contract creation');

function Line({ line, label }: { line: SimulatedLine; label: string }) {
  return (
    <p className="min-w-0 text-xs [overflow-wrap:anywhere]" data-testid="simulation-line">
      <span className="text-muted">{label} </span>
      <a href={line.url} className="font-mono">
        {line.path}:{line.line}
      </a>{' '}
      <code className="font-mono text-muted">{line.text}</code>
    </p>
  );
}

/**
 * What the dry run said (POST /api/v1/simulate), drawn before anything is sent: success or the
 * failure in words with where it started, the gas, the value moved inside, the state it would
 * change, its logs, and the notes (a nonce that is not the next, what a node without tracing
 * cannot say). Text only: every value from the chain is drawn as React text.
 */
export function SimulationOutcome({ answer }: { answer: SimulationAnswer }) {
  if (!('status' in answer)) {
    return (
      <p role="alert" className="rounded-lg border border-bad/40 bg-surface p-3 text-sm text-bad [overflow-wrap:anywhere]" data-testid="simulation-error">
        The dry run could not be made: {answer.error}
      </p>
    );
  }
  const ok = answer.status === 'success';
  const moved = answer.internalTransfers?.filter((t) => t.error === null) ?? [];
  const changes = answer.stateChanges ?? [];
  return (
    <section className="space-y-2 card p-4 text-sm" data-testid="simulation" data-status={answer.status} aria-live="polite">
      <h2 className="font-semibold">
        Dry run on {answer.chain}&apos;s pending state: <span className={ok ? 'text-ok' : 'text-bad'} data-testid="simulation-status">{ok ? '✓ would succeed' : '✗ would revert'}</span>
      </h2>
      {answer.failure ? (
        <div className="space-y-0.5" data-testid="simulation-failure">
          <p className="font-medium text-bad [overflow-wrap:anywhere]" data-testid="simulation-reason">
            {answer.failure.text}
          </p>
          {answer.failure.source ? <p className="text-xs text-muted">{answer.failure.source}</p> : null}
          {answer.failure.frame ? (
            <p className="text-xs text-muted [overflow-wrap:anywhere]">
              started in frame {answer.failure.frame}
              {answer.failure.contract || answer.failure.function ? ` (${[answer.failure.contract, answer.failure.function ? `${answer.failure.function}()` : null].filter(Boolean).join('.')})` : ''} at {short(answer.failure.address)}
            </p>
          ) : null}
          {answer.failure.line ? <Line line={answer.failure.line} label="at" /> : null}
        </div>
      ) : null}
      {answer.innerReverts.length > 0 ? (
        <p className="text-warn [overflow-wrap:anywhere]" data-testid="simulation-inner">
          {answer.innerReverts.length} internal call{answer.innerReverts.length === 1 ? '' : 's'} would revert and be caught: {answer.innerReverts[0]!.text}
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted">Gas</dt>
        <dd className="tabular-nums" data-testid="simulation-gas">
          {answer.gasUsed ?? 'unknown'} {answer.gasUsedIs === 'estimated' ? '(estimated)' : answer.gasUsedIs === 'used' ? 'used' : ''}
        </dd>
        <dt className="text-muted">Value moved inside</dt>
        <dd data-testid="simulation-transfers">
          {answer.internalTransfers === null ? 'unknown without tracing' : moved.length === 0 ? 'none' : moved.map((t) => `${formatEther(BigInt(t.value))} QUAI ${short(t.from)} → ${short(t.to)}`).join('; ')}
        </dd>
        <dt className="text-muted">State changes</dt>
        <dd data-testid="simulation-changes">
          {answer.stateChanges === null ? 'unknown without tracing' : `${changes.length} account${changes.length === 1 ? '' : 's'}, ${changes.reduce((n, c) => n + c.storage.length, 0)} storage slot${changes.reduce((n, c) => n + c.storage.length, 0) === 1 ? '' : 's'}`}
        </dd>
        <dt className="text-muted">Logs</dt>
        <dd data-testid="simulation-logs" className="[overflow-wrap:anywhere]">
          {answer.logs === null ? 'unknown without tracing' : answer.logs.length === 0 ? 'none' : answer.logs.map((l) => l.event?.name ?? 'not decoded').join(', ')}
        </dd>
      </dl>
      {changes.length > 0 ? (
        <ul className="space-y-0.5 text-xs" data-testid="simulation-change-list">
          {changes.slice(0, 20).map((c) => (
            <li key={c.address} className="[overflow-wrap:anywhere]">
              <span className="font-mono">{short(c.address)}</span> {c.lifecycle !== 'changed' ? c.lifecycle : ''}
              {c.balance ? ` balance ${formatEther(BigInt(c.balance.after) - BigInt(c.balance.before))} QUAI` : ''}
              {c.nonce ? ` nonce ${c.nonce.before} → ${c.nonce.after}` : ''}
              {c.storage.length > 0 ? ` ${c.storage.length} slot${c.storage.length === 1 ? '' : 's'}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {answer.notes.length > 0 ? (
        <ul className="space-y-0.5 text-xs text-warn" data-testid="simulation-notes">
          {answer.notes.map((n) => (
            <li key={n} className="[overflow-wrap:anywhere]">! {n}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted">Nothing was sent: the node ran it and kept nothing. The outcome can change with what is mined before you send.</p>
    </section>
  );
}
