'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { ChainName } from '@/lib/protocol/chains';
import { urls } from '@/lib/routes/urls';
import type { BroadcastResponse } from '@/lib/wallet/broadcast-types';
import { decodeRaw, type DecodedRaw } from '@/lib/wallet/decode-raw';
import type { SimulationAnswer } from '@/lib/wallet/simulate-types';
import { SimulationOutcome } from './SimulationOutcome';

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; response: BroadcastResponse };
/** The dry run of the text in the box (`raw`), so an edit hides an outcome that is no longer its. */
type CheckState = { kind: 'idle' } | { kind: 'checking'; raw: string } | { kind: 'done'; raw: string; answer: SimulationAnswer };

/**
 * Paste a signed raw transaction, see it decoded (in the browser, with the project's codec) before
 * anything is sent, check what it would do (a dry run on the zone's pending state,
 * /api/v1/simulate), then send it through /api/broadcast to the sender's zone and follow the link.
 */
export function BroadcastForm({ expectedChainId, configuredZones }: { expectedChainId?: string; configuredZones: readonly string[] }) {
  const [text, setText] = useState('');
  // The decode is tagged with the text it came from: while the debounce runs, the panel still
  // shows the previous decode, but only a decode of the text now in the box can be sent.
  const [decoded, setDecoded] = useState<{ text: string; result: DecodedRaw } | undefined>();
  const [send, setSend] = useState<SendState>({ kind: 'idle' });
  const [check, setCheck] = useState<CheckState>({ kind: 'idle' });
  const current = decoded?.text === text ? decoded.result : undefined;

  function edit(next: string) {
    setText(next);
    setSend({ kind: 'idle' });
    setCheck({ kind: 'idle' });
    if (next.trim() === '') setDecoded(undefined);
  }

  useEffect(() => {
    if (text.trim() === '') return;
    let live = true;
    const timer = setTimeout(() => {
      void decodeRaw(text, {
        expectedChainId: expectedChainId ? BigInt(expectedChainId) : undefined,
        configuredZones: configuredZones as readonly ChainName[],
      }).then((result) => {
        if (live) setDecoded({ text, result });
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, expectedChainId, configuredZones]);

  async function simulate() {
    if (!current?.ok) return;
    const raw = current.raw;
    setCheck({ kind: 'checking', raw });
    let answer: SimulationAnswer;
    try {
      const res = await fetch(urls.api.simulate(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ raw }) });
      answer = (await res.json()) as SimulationAnswer;
    } catch (error) {
      answer = { error: `the request failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    setCheck((now) => (now.kind === 'checking' && now.raw === raw ? { kind: 'done', raw, answer } : now));
  }

  async function submit() {
    if (!current?.ok) return;
    setSend({ kind: 'sending' });
    try {
      const res = await fetch(urls.api.broadcast(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ raw: current.raw }),
      });
      setSend({ kind: 'done', response: (await res.json()) as BroadcastResponse });
    } catch (error) {
      setSend({ kind: 'done', response: { ok: false, error: `The request failed: ${error instanceof Error ? error.message : String(error)}` } });
    }
  }

  const canSend = current?.ok === true && current.problems.length === 0 && send.kind !== 'sending' && !(send.kind === 'done' && send.response.ok);
  const checked = check.kind === 'done' && current?.ok === true && check.raw === current.raw ? check.answer : null;
  return (
    <div className="space-y-4">
      <label className="block text-sm">
        <span className="text-muted">Signed raw transaction (hex)</span>
        <textarea
          data-testid="broadcast-raw"
          value={text}
          onChange={(e) => edit(e.target.value)}
          rows={5}
          spellCheck={false}
          placeholder="0x00f86c…"
          className="mt-1 w-full rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-xs text-fg"
        />
      </label>
      {decoded ? <Decoded decoded={decoded.result} /> : null}
      {checked ? <SimulationOutcome answer={checked} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          data-testid="broadcast-check"
          disabled={current?.ok !== true || check.kind === 'checking'}
          onClick={() => void simulate()}
          className="rounded-md border border-border px-4 py-2 text-sm font-medium disabled:opacity-50"
        >
          {check.kind === 'checking' ? 'Checking…' : 'Check'}
        </button>
        <button
          type="button"
          data-testid="broadcast-send"
          disabled={!canSend}
          onClick={() => void submit()}
          className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg disabled:opacity-50"
        >
          {send.kind === 'sending' ? 'Sending…' : decoded?.result.ok ? `Send to ${decoded.result.zoneLabel}` : 'Send'}
        </button>
        <span className="text-xs text-muted">Check runs it on the zone&apos;s pending state without sending it; Send uses sendRawTransaction to the zone that owns the sender. Nothing is signed here.</span>
      </div>
      {send.kind === 'done' ? <SendResult response={send.response} /> : null}
    </div>
  );
}

function Decoded({ decoded }: { decoded: DecodedRaw }) {
  if (!decoded.ok) {
    return (
      <p role="alert" className="text-sm text-bad" data-testid="broadcast-decode-error">
        {decoded.error}
      </p>
    );
  }
  return (
    <section className="overflow-hidden card" data-testid="broadcast-decoded">
      <h2 className="border-b border-border px-4 py-2 text-sm font-semibold">Decoded, before sending</h2>
      <dl className="divide-y divide-border text-sm">
        <Row label="Hash (keccak256 of the bytes)">
          <span className="break-all font-mono text-xs" data-testid="broadcast-hash">{decoded.hash}</span>
        </Row>
        <Row label="Type">{decoded.typeName}</Row>
        <Row label="Sender (recovered)">
          <span className="break-all font-mono text-xs" data-testid="broadcast-sender">{decoded.sender}</span>
        </Row>
        <Row label="Goes to zone">
          <span data-testid="broadcast-zone">{decoded.zoneLabel}</span>
          <span className="ml-2 text-xs text-muted">the zone that owns the sender</span>
        </Row>
        {decoded.to ? (
          <Row label="Recipient's zone">{decoded.toZoneLabel}</Row>
        ) : null}
        {decoded.fields.map((f) => (
          <Row key={f.label} label={f.label}>
            <span className="break-all font-mono text-xs">{f.value}</span>
            {f.note ? <span className="ml-2 text-xs text-muted">{f.note}</span> : null}
          </Row>
        ))}
      </dl>
      {decoded.problems.length > 0 || decoded.warnings.length > 0 ? (
        <ul className="space-y-1 border-t border-border px-4 py-3 text-sm">
          {decoded.problems.map((p) => (
            <li key={p} className="text-bad" data-testid="broadcast-problem">✗ {p}</li>
          ))}
          {decoded.warnings.map((w) => (
            <li key={w} className="text-warn">! {w}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SendResult({ response }: { response: BroadcastResponse }) {
  if (!response.ok) {
    return (
      <div role="alert" className="rounded-lg border border-bad/40 bg-surface p-4 text-sm text-bad" data-testid="broadcast-error">
        <p>{response.error}</p>
        {response.problems?.map((p) => <p key={p}>✗ {p}</p>)}
      </div>
    );
  }
  const agrees = response.hash.toLowerCase() === response.expectedHash.toLowerCase();
  return (
    <div role="status" className="rounded-lg border border-ok/40 bg-surface p-4 text-sm" data-testid="broadcast-sent">
      <p className="font-semibold text-ok">Sent to {response.zoneLabel}.</p>
      <p className="mt-1">
        Follow it: <Link href={urls.tx(response.hash)} className="break-all font-mono text-xs" data-testid="broadcast-link">{response.hash}</Link>
      </p>
      <p className={`mt-1 text-xs ${agrees ? 'text-muted' : 'text-bad'}`}>
        {agrees ? '✓ The node returned the hash of the bytes sent.' : `✗ The node returned a different hash than keccak256 of the bytes (${response.expectedHash}).`}
      </p>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-2 sm:grid-cols-[14rem_1fr]">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
