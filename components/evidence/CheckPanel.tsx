'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { Hash } from 'viem';
import type { CheckRequest, CheckResult, EvidenceTarget } from '@/lib/evidence/run-check';
import type { CheckStatus, EvidenceCheck, EvidenceReport } from '@/lib/evidence/report';

/** The reader's settings, per chain, in this browser's storage. */
const nodeKey = (chain: string) => `strata-evidence-node-${chain}`;
const checkpointKey = (chain: string) => `strata-evidence-checkpoint-${chain}`;
/** Where the pinned checkpoint came from: `explorer` (pinned from a bundle this explorer made), `node`, or `pasted`. */
const pinSourceKey = (chain: string) => `strata-evidence-checkpoint-from-${chain}`;
type PinSource = 'explorer' | 'node' | 'pasted';
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
  readonly pinnedFrom: PinSource | '';
}

const pinSourceOf = (value: string): PinSource | '' => (value === 'explorer' || value === 'node' || value === 'pasted' ? value : '');

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

function AnchorNote({ report, settings }: { report: EvidenceReport; settings: Settings }) {
  const fromExplorer = report.anchor.anchored && settings.pinnedFrom === 'explorer';
  return (
    <div
      data-testid="evidence-anchor"
      data-anchored={report.anchor.anchored}
      className={`rounded-md border p-2 text-xs ${report.anchor.anchored && !fromExplorer ? 'border-border text-muted' : 'border-warn/40 text-warn'}`}
    >
      <p>
        <span className="font-semibold">{report.anchor.anchored ? 'Anchored' : 'Not anchored'}:</span> <bdi>{report.anchor.text}</bdi>
      </p>
      {fromExplorer ? (
        <p className="mt-1 font-semibold">Your checkpoint was pinned from this explorer: it shows only that this explorer agrees with itself. Pin one from your own node.</p>
      ) : null}
    </div>
  );
}

function PinChoices({ result, chainLabel, checkpointsUrl, onPin }: { result: Extract<CheckResult, { ok: true }>; chainLabel: string; checkpointsUrl?: string; onPin: (hash: string, from: PinSource) => void }) {
  const newest = result.newest;
  return (
    <div className="space-y-1 text-xs" data-testid="evidence-pin-choices">
      <p className="font-medium">Anchor your next checks with a {chainLabel} header you get elsewhere:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          from your own node: set its URL under &ldquo;Your own node and checkpoint&rdquo;; a check then takes its bundle from your node, and offers its newest header to pin
          {newest && result.source === 'node' ? (
            <>
              {' '}
              <button type="button" data-testid="evidence-pin" onClick={() => onPin(newest.hash, 'node')} className="rounded-md border border-border px-2 py-0.5 hover:bg-surface-2">
                Pin header #{newest.number} from your node
              </button>
            </>
          ) : null}
        </li>
        <li>a header hash you paste there, taken from a source you trust</li>
        {checkpointsUrl ? (
          <li>
            <a href={checkpointsUrl} data-testid="evidence-published" rel="noreferrer">
              checkpoints this explorer&apos;s operator publishes
            </a>{' '}
            (compare them with another source before you rely on them)
          </li>
        ) : null}
        {newest && result.source === 'explorer' ? (
          <li>
            <button type="button" data-testid="evidence-pin" onClick={() => onPin(newest.hash, 'explorer')} className="rounded-md border border-border px-2 py-0.5 hover:bg-surface-2">
              Pin header #{newest.number} from this explorer
            </button>{' '}
            <span className="text-muted">only proves that later bundles agree with this explorer, not that its chain is the network&apos;s</span>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function Outcome({ result, settings, chainLabel, checkpointsUrl, onPin }: { result: CheckResult; settings: Settings; chainLabel: string; checkpointsUrl?: string; onPin: (hash: string, from: PinSource) => void }) {
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
      <AnchorNote report={report} settings={settings} />
      {/* The subject names a hash or an address, one long word: it breaks anywhere, so a phone's
          narrow panel (and every flex box around it) need not be wider than the screen. */}
      <p className="text-xs text-muted wrap-anywhere">
        <bdi>{report.subject}</bdi>. {held} checks hold
        {report.unchecked.length > 0 ? `, ${report.unchecked.length} could not be checked (said below)` : ''}. Bundle of {kb(result.bundleBytes)} from{' '}
        {result.source === 'node' ? 'your node' : 'the explorer'}, fetched in {ms(result.fetchMs)}, <span data-testid="evidence-verify-ms">checked in {ms(result.verifyMs)}</span>.
      </p>
      <details className="text-sm" open={report.verdict === 'failed' || undefined}>
        <summary className="cursor-pointer text-xs text-muted">Each check ({report.checks.length})</summary>
        <ol className="divide-y divide-border">
          {report.checks.map((c) => (
            <CheckItem key={c.name} check={c} />
          ))}
        </ol>
      </details>
      {report.verdict === 'checked' ? <PinChoices result={result} chainLabel={chainLabel} checkpointsUrl={checkpointsUrl} onPin={onPin} /> : null}
    </div>
  );
}

/**
 * The check itself: started when the panel opens, in a Web Worker (the verifier's code never
 * loads with the page), with the reader's own node and checkpoint when they set them.
 */
export default function CheckPanel({ target, bundlePath, chainLabel, checkpointsUrl }: { target: EvidenceTarget; bundlePath: string; chainLabel: string; checkpointsUrl?: string }) {
  const [settings, setSettings] = useState<Settings>(() => ({
    node: stored(nodeKey(target.chain)),
    checkpoint: stored(checkpointKey(target.chain)),
    pinnedFrom: pinSourceOf(stored(pinSourceKey(target.chain))),
  }));
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
    const checkpoint = String(form.get('checkpoint') ?? '').trim();
    if (checkpoint && !HASH.test(checkpoint)) return;
    const changed = checkpoint.toLowerCase() !== settings.checkpoint.toLowerCase();
    const next: Settings = { node: String(form.get('node') ?? '').trim(), checkpoint, pinnedFrom: !checkpoint ? '' : changed ? 'pasted' : settings.pinnedFrom };
    store(nodeKey(target.chain), next.node);
    store(checkpointKey(target.chain), next.checkpoint);
    store(pinSourceKey(target.chain), next.pinnedFrom);
    setSettings(next);
    run(next);
  }

  function pin(hash: string, from: PinSource) {
    const next: Settings = { ...settings, checkpoint: hash, pinnedFrom: from };
    store(checkpointKey(target.chain), hash);
    store(pinSourceKey(target.chain), from);
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
        <Outcome result={state.result} settings={settings} chainLabel={chainLabel} checkpointsUrl={checkpointsUrl} onPin={pin} />
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
            <span className="block">
              A {chainLabel} header hash you trust, from your own node or a source other than this explorer, kept in this browser as your checkpoint
            </span>
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
