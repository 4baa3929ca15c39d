'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { Hash } from 'viem';
import type { CheckRequest, CheckResult, EvidenceTarget } from '@/lib/evidence/run-check';
import type { CheckStatus, EvidenceCheck } from '@/lib/evidence/report';

/** The reader's settings, per chain, in this browser's storage. */
const nodeKey = (chain: string) => `strata-evidence-node-${chain}`;
const checkpointKey = (chain: string) => `strata-evidence-checkpoint-${chain}`;
const HASH = /^0x[0-9a-fA-F]{64}$/;

function stored(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function store(key: string, value: string): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage refused (private mode, quota): the setting lasts for this page only.
  }
}

interface Settings {
  readonly node: string;
  readonly checkpoint: string;
}

type State =
  | { readonly phase: 'running'; readonly request: CheckRequest }
  | { readonly phase: 'done'; readonly request: CheckRequest; readonly result: CheckResult };

function requestOf(target: EvidenceTarget, bundlePath: string, settings: Settings): CheckRequest {
  const checkpoint = HASH.test(settings.checkpoint) ? (settings.checkpoint.toLowerCase() as Hash) : undefined;
  if (settings.node) return { target, from: { node: settings.node }, ...(checkpoint ? { checkpoint } : {}) };
  const url = new URL(bundlePath, window.location.origin);
  if (checkpoint) url.searchParams.set('checkpoint', checkpoint);
  return { target, from: { explorer: url.toString() }, ...(checkpoint ? { checkpoint } : {}) };
}

const MARK: Readonly<Record<CheckStatus, string>> = { pass: '✓', fail: '✗', unchecked: '–' };
const WORD: Readonly<Record<CheckStatus, string>> = { pass: 'holds', fail: 'fails', unchecked: 'not checked' };
const TONE: Readonly<Record<CheckStatus, string>> = { pass: 'text-ok', fail: 'text-bad', unchecked: 'text-muted' };

function CheckItem({ check }: { check: EvidenceCheck }) {
  return (
    <li data-testid="evidence-check" data-name={check.name} data-status={check.status} className="space-y-1 py-2">
      <p>
        <span className={`${TONE[check.status]} font-semibold`} aria-hidden>
          {MARK[check.status]}{' '}
        </span>
        <span className="font-medium">{check.name}</span>
        <span className={`ml-2 text-xs ${TONE[check.status]}`}>{WORD[check.status]}</span>
      </p>
      {check.status !== 'unchecked' ? (
        <dl className="grid gap-x-3 font-mono text-xs sm:grid-cols-[5rem_1fr]">
          <dt className="text-muted">expected</dt>
          <dd className="break-all"><bdi>{check.expected}</bdi></dd>
          <dt className="text-muted">found</dt>
          <dd className="break-all"><bdi>{check.found}</bdi></dd>
        </dl>
      ) : null}
      {check.detail ? <p className="break-words text-xs text-muted"><bdi>{check.detail}</bdi></p> : null}
    </li>
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function Outcome({ result, chainLabel, onPin }: { result: CheckResult; chainLabel: string; onPin: (hash: string) => void }) {
  if (!result.ok) {
    return (
      <p role="alert" data-testid="evidence-error" className="text-bad">
        Could not check: <bdi>{result.error}</bdi>
      </p>
    );
  }
  const { report } = result;
  const held = report.checks.filter((c) => c.status === 'pass').length;
  return (
    <div className="space-y-2">
      <p role="status" data-testid="evidence-verdict" data-verdict={report.verdict} className={`font-semibold ${report.verdict === 'checked' ? 'text-ok' : 'text-bad'}`}>
        {report.verdict === 'checked' ? 'Checked in this browser' : `Failed in this browser: ${report.failed.map((c) => c.name).join(', ')}`}
      </p>
      <p className="text-xs text-muted">
        <bdi>{report.subject}</bdi>. {held} checks hold
        {report.unchecked.length > 0 ? `, ${report.unchecked.length} could not be checked (said below)` : ''}. Bundle of {kb(result.bundleBytes)} from{' '}
        {result.source === 'node' ? 'your node' : 'the explorer'}, fetched in {ms(result.fetchMs)}, <span data-testid="evidence-verify-ms">checked in {ms(result.verifyMs)}</span>.
      </p>
      <ol className="divide-y divide-border">
        {report.checks.map((c) => (
          <CheckItem key={c.name} check={c} />
        ))}
      </ol>
      {result.newest && report.verdict === 'checked' ? (
        <p className="text-xs">
          <button type="button" data-testid="evidence-pin" onClick={() => onPin(result.newest!.hash)} className="rounded-md border border-border px-2 py-0.5 hover:bg-surface-2">
            Pin header #{result.newest.number} as your {chainLabel} checkpoint
          </button>{' '}
          <span className="text-muted">(later checks then show whether this block&apos;s chain reaches it)</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The check itself: started when the panel opens, in a Web Worker (the verifier's code never
 * loads with the page), with the reader's own node and checkpoint when they set them.
 */
export default function CheckPanel({ target, bundlePath, chainLabel }: { target: EvidenceTarget; bundlePath: string; chainLabel: string }) {
  const [settings, setSettings] = useState<Settings>(() => ({ node: stored(nodeKey(target.chain)), checkpoint: stored(checkpointKey(target.chain)) }));
  const [state, setState] = useState<State>(() => ({ phase: 'running', request: requestOf(target, bundlePath, settings) }));

  useEffect(() => {
    if (state.phase !== 'running') return;
    const { request } = state;
    const worker = new Worker(new URL('./evidence.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CheckResult>) => setState({ phase: 'done', request, result: event.data });
    worker.onerror = (event) => setState({ phase: 'done', request, result: { ok: false, error: `the verifier did not run: ${event.message || 'the worker failed to load'}` } });
    worker.postMessage(request);
    return () => worker.terminate();
  }, [state]);

  const run = (next: Settings) => setState({ phase: 'running', request: requestOf(target, bundlePath, next) });

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { node: String(form.get('node') ?? '').trim(), checkpoint: String(form.get('checkpoint') ?? '').trim() };
    if (next.checkpoint && !HASH.test(next.checkpoint)) return;
    store(nodeKey(target.chain), next.node);
    store(checkpointKey(target.chain), next.checkpoint);
    setSettings(next);
    run(next);
  }

  function pin(hash: string) {
    const next = { ...settings, checkpoint: hash };
    store(checkpointKey(target.chain), hash);
    setSettings(next);
    run(next);
  }

  return (
    <div className="space-y-3" data-testid="evidence-panel">
      {state.phase === 'running' ? (
        <p role="status" data-testid="evidence-running" className="text-muted">
          Checking in this browser{settings.node ? ' with data from your node' : ''}…
        </p>
      ) : (
        <Outcome result={state.result} chainLabel={chainLabel} onPin={pin} />
      )}
      <details className="text-xs" open={Boolean(settings.node || settings.checkpoint) || undefined}>
        <summary className="cursor-pointer text-muted">Your own node and checkpoint</summary>
        <form key={`${settings.node} ${settings.checkpoint}`} onSubmit={save} className="mt-2 space-y-2">
          <label className="block space-y-1">
            <span className="block">
              Your {chainLabel} node&apos;s JSON-RPC URL, to take the data from it instead of the explorer (it must allow this page&apos;s origin: CORS)
            </span>
            <input name="node" type="url" defaultValue={settings.node} placeholder="http://localhost:8610" data-testid="evidence-node" className="w-full rounded-md border border-border bg-bg px-2 py-1 font-mono" />
          </label>
          <label className="block space-y-1">
            <span className="block">A {chainLabel} header hash you trust, kept in this browser as your checkpoint</span>
            <input
              name="checkpoint"
              defaultValue={settings.checkpoint}
              pattern="0x[0-9a-fA-F]{64}"
              placeholder="0x…"
              data-testid="evidence-checkpoint"
              className="w-full rounded-md border border-border bg-bg px-2 py-1 font-mono"
            />
          </label>
          <button type="submit" data-testid="evidence-save" className="rounded-md border border-border px-2 py-0.5 hover:bg-surface-2">
            Save and check again
          </button>
        </form>
      </details>
    </div>
  );
}
