'use client';

import { useMemo, useState } from 'react';
import type { AbiFunction, Hex } from 'viem';
import { parseAbiText } from '@/lib/decode/abi';
import type { CallResponse } from '@/lib/wallet/call-types';
import { callableFunctions, decodeCallResult, encodeCall, functionId, parseCalldata, type DecodedValue } from './contract-call';
import { ChainText } from '@/components/ui/values/ChainText';
import { markedText } from '@/lib/text/chain-text';
import type { VerifiedAbi } from '@/lib/contracts/verified-abi';
import { DecodedValues } from './DecodedValues';
import { sendCall } from './send-call';
import { VerifiedReads } from './VerifiedReads';

type Mode = 'verified' | 'abi' | 'calldata';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'input-error'; message: string }
  | { kind: 'done'; data: Hex; response: CallResponse; decoded?: { ok: true; value: DecodedValue[] } | { ok: false; error: string } };

const INPUT = 'w-full rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg';

/**
 * The read-contract form: with a verified ABI (`verified`: own, or a proven proxy's
 * implementation's), its view functions listed to call one by one; else, or on request, an ABI
 * pasted and a function with its arguments (encoded with viem), or raw calldata; sent with `call`
 * and `estimateGas` through /api/address/<address>/call at the page's "as of" block; the result
 * decoded when an ABI was given.
 */
export function ReadContract({ address, block, verified = [] }: { address: string; block: string; verified?: readonly VerifiedAbi[] }) {
  const modes: readonly Mode[] = verified.length > 0 ? ['verified', 'abi', 'calldata'] : ['abi', 'calldata'];
  const [mode, setMode] = useState<Mode>(modes[0]!);
  const [abiText, setAbiText] = useState('');
  const [fnId, setFnId] = useState('');
  const [args, setArgs] = useState<Record<string, string>>({});
  const [calldata, setCalldata] = useState('');
  const [from, setFrom] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const parsed = useMemo(() => (abiText.trim() ? parseAbiText(abiText) : undefined), [abiText]);
  const functions = useMemo(() => (parsed?.ok ? callableFunctions(parsed.abi) : []), [parsed]);
  const fn: AbiFunction | undefined = functions.find((f) => functionId(f) === fnId) ?? functions[0];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (mode === 'verified') return;
    let data: Hex;
    if (mode === 'abi') {
      if (!parsed) return setOutcome({ kind: 'input-error', message: 'Paste an ABI first.' });
      if (!parsed.ok) return setOutcome({ kind: 'input-error', message: parsed.error });
      if (!fn) return setOutcome({ kind: 'input-error', message: 'The ABI has no functions.' });
      const encoded = encodeCall(fn, fn.inputs.map((_, i) => args[`${functionId(fn)}:${i}`] ?? ''));
      if (!encoded.ok) return setOutcome({ kind: 'input-error', message: encoded.error });
      data = encoded.value;
    } else {
      const raw = parseCalldata(calldata);
      if (!raw.ok) return setOutcome({ kind: 'input-error', message: raw.error });
      data = raw.value;
    }
    setOutcome({ kind: 'busy' });
    const sent = await sendCall(address, { data, block, from: from.trim() });
    if (!sent.ok) return setOutcome({ kind: 'input-error', message: sent.error });
    const json = sent.value;
    const decoded = mode === 'abi' && fn && json.result !== undefined ? decodeCallResult(fn, json.result) : undefined;
    setOutcome({ kind: 'done', data, response: json, decoded });
  }

  const choice = (
    <div role="radiogroup" aria-label="Input" className="flex flex-wrap gap-4 text-sm">
      {modes.map((m) => (
        <label key={m} className="flex items-center gap-1.5">
          <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
          {m === 'verified' ? 'Verified ABI' : m === 'abi' ? 'ABI and function' : 'Raw calldata'}
        </label>
      ))}
    </div>
  );
  // The verified functions are forms of their own (one per function), so not inside this one.
  if (mode === 'verified') {
    return (
      <div className="space-y-4 p-4" data-testid="read-contract">
        {choice}
        <VerifiedReads address={address} block={block} abis={verified} />
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4 p-4" data-testid="read-contract">
      {choice}

      {mode === 'abi' ? (
        <div className="space-y-3">
          <label className="block text-xs text-muted">
            ABI (JSON, an artifact with an &quot;abi&quot; field, or one signature per line)
            <textarea
              data-testid="read-abi"
              value={abiText}
              onChange={(e) => setAbiText(e.target.value)}
              rows={4}
              placeholder="function balanceOf(address owner) view returns (uint256)"
              className={`${INPUT} mt-1`}
            />
          </label>
          {parsed && !parsed.ok ? <p className="text-sm text-bad">{parsed.error}</p> : null}
          {functions.length > 0 && fn ? (
            <>
              <label className="block text-xs text-muted">
                Function
                <select
                  data-testid="read-function"
                  value={functionId(fn)}
                  onChange={(e) => setFnId(e.target.value)}
                  className={`${INPUT} mt-1`}
                >
                  {functions.map((f) => (
                    <option key={functionId(f)} value={functionId(f)}>
                      {markedText(functionId(f))}
                      {f.stateMutability === 'view' || f.stateMutability === 'pure' ? '' : ` (${f.stateMutability}: simulated only)`}
                    </option>
                  ))}
                </select>
              </label>
              {fn.inputs.map((input, i) => {
                const key = `${functionId(fn)}:${i}`;
                return (
                  <label key={key} className="block text-xs text-muted">
                    {input.name ? <ChainText text={input.name} /> : `argument ${i + 1}`} <span className="font-mono">({input.type})</span>
                    <input
                      data-testid={`read-arg-${i}`}
                      value={args[key] ?? ''}
                      onChange={(e) => setArgs({ ...args, [key]: e.target.value })}
                      placeholder={input.type.endsWith(']') || input.type === 'tuple' ? 'JSON, e.g. ["1","2"]' : input.type}
                      className={`${INPUT} mt-1`}
                    />
                  </label>
                );
              })}
            </>
          ) : null}
        </div>
      ) : (
        <label className="block text-xs text-muted">
          Calldata (hex: a 4-byte selector and the encoded arguments)
          <textarea data-testid="read-calldata" value={calldata} onChange={(e) => setCalldata(e.target.value)} rows={3} placeholder="0x70a08231…" className={`${INPUT} mt-1`} />
        </label>
      )}

      <label className="block text-xs text-muted">
        From (optional: the msg.sender of the simulated call)
        <input value={from} onChange={(e) => setFrom(e.target.value)} placeholder="0x…" className={`${INPUT} mt-1`} />
      </label>

      <div className="flex items-center gap-3">
        <button
          type="submit"
          data-testid="read-submit"
          disabled={outcome.kind === 'busy'}
          className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg disabled:opacity-60"
        >
          {outcome.kind === 'busy' ? 'Calling…' : 'Call'}
        </button>
        <span className="text-xs text-muted">at block {block}; nothing is sent to the chain</span>
      </div>

      <Result outcome={outcome} />
    </form>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'idle' || outcome.kind === 'busy') return null;
  if (outcome.kind === 'input-error') {
    return (
      <p role="alert" className="text-sm text-bad" data-testid="read-error">
        {outcome.message}
      </p>
    );
  }
  const { response, decoded, data } = outcome;
  return (
    <div className="space-y-3 rounded-md border border-border bg-bg p-3 text-sm" data-testid="read-result">
      <Row label="Calldata sent">
        <code className="break-all font-mono text-xs">{data}</code>
      </Row>
      {response.result !== undefined ? (
        <Row label="call returned">
          <code className="break-all font-mono text-xs" data-testid="read-raw">
            {response.result}
          </code>
        </Row>
      ) : (
        <Row label="call failed">
          <span className="text-bad">{response.callError}</span>
        </Row>
      )}
      {decoded ? (
        <Row label="Decoded">
          {decoded.ok ? (
            decoded.value.length === 0 ? (
              <span className="text-muted">the function returns nothing</span>
            ) : (
              <DecodedValues values={decoded.value} className="space-y-1" testId="read-decoded" />
            )
          ) : (
            <span className="text-bad">{decoded.error}</span>
          )}
        </Row>
      ) : null}
      <Row label="estimateGas">
        {response.gas !== undefined ? (
          <span className="font-mono tabular-nums" data-testid="read-gas">
            {BigInt(response.gas).toLocaleString('en-US')} gas
          </span>
        ) : (
          <span className="text-bad">{response.gasError}</span>
        )}
      </Row>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr]">
      <span className="text-muted">{label}</span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
