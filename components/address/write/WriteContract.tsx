'use client';

import Link from 'next/link';
import { useId, useMemo, useState } from 'react';
import { parseEther, type Abi, type Address } from 'viem';
import { encodeFunctionCall, isSelectorNamed } from '@/lib/decode/function-selector';
import { useOwnLabels } from '@/components/labels/use-labels';
import { ChainText } from '@/components/ui/values/ChainText';
import { SendProgress } from '@/components/wallet/SendProgress';
import { useWalletSend } from '@/components/wallet/use-wallet-send';
import { parseAbiInput, placeholderOf, type Checked } from '@/lib/contracts/abi-input';
import { originText, throughProxy, type VerifiedAbi } from '@/lib/contracts/verified-abi';
import { writeFunctions, type SourcedAbi, type WriteFunction } from '@/lib/contracts/write-functions';
import { parseAbiText } from '@/lib/decode/abi';
import { urls } from '@/lib/routes/urls';
import { AbiOrigins } from '../contract/AbiOrigins';

const INPUT = 'w-full rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg aria-[invalid=true]:border-bad';

/**
 * The ABIs to write with: the verified ones (own, then a proven proxy implementation's, a similar
 * match's, the code a clone, beacon proxy or Diamond runs); without them the ABI the reader attached
 * to this address in their labels, else the operator's; else the functions read from its bytecode.
 */
function sourcedAbis(verified: readonly VerifiedAbi[], own: string | undefined, operator: string | null): { abis: SourcedAbi[]; problem: string | null } {
  const sourced = (list: readonly VerifiedAbi[]) => list.map((v) => ({ abi: v.abi, origin: originText(v.origin), throughProxy: throughProxy(v.origin) }));
  const fromSource = verified.filter((v) => v.origin.kind !== 'bytecode' && v.origin.kind !== 'database');
  if (fromSource.length > 0) return { abis: sourced(fromSource), problem: null };
  const attached = own ?? operator ?? undefined;
  if (attached === undefined) return { abis: sourced(verified), problem: null };
  const parsed = parseAbiText(attached);
  const whose = own !== undefined ? 'you attached to this address (your labels)' : "this explorer's operator attached to this address";
  if (!parsed.ok) return { abis: sourced(verified), problem: `The ABI ${whose} does not read: ${parsed.error}` };
  return { abis: [{ abi: parsed.abi, origin: `ABI ${whose}: not checked against the code`, throughProxy: false }], problem: null };
}

/** A payable call's value as typed, in QUAI: empty is none. */
function parseQuai(text: string): Checked<bigint> {
  const t = text.trim();
  if (t === '') return { ok: true, value: 0n };
  if (!/^\d{1,30}(\.\d{1,18})?$/.test(t)) return { ok: false, error: `The value must be an amount of QUAI such as 0.25 (at most 18 decimals); got “${t.slice(0, 40)}”.` };
  return { ok: true, value: parseEther(t) };
}

/**
 * Write contract: one form per function that is not view or pure, headed by its name, an input per
 * parameter labelled by its name and checked as its type says while the reader types, a value in
 * QUAI for a payable one, and a Write button that estimates the gas and sends through the
 * connected wallet (components/wallet/use-wallet-send.ts).
 */
export function WriteContract({ address, verified, operatorAbi, chainId }: { address: Address; verified: readonly VerifiedAbi[]; operatorAbi: string | null; chainId: string | null }) {
  const own = useOwnLabels().get(address.toLowerCase())?.abi;
  const { abis, problem } = useMemo(() => sourcedAbis(verified, own, operatorAbi), [verified, own, operatorAbi]);
  const functions = useMemo(() => writeFunctions(abis), [abis]);
  // Every ABI's items: a revert's custom error is decoded with whichever declares it.
  const errorsAbi = useMemo(() => abis.flatMap((a) => a.abi), [abis]);
  const origins = [...new Set(abis.map((a) => a.origin))];
  if (abis.length === 0) {
    return (
      <div className="space-y-2 text-sm" data-testid="write-no-abi">
        {problem ? <p className="text-bad">{problem}</p> : null}
        <p>
          There is no ABI to write with: <Link href={urls.verify({ address })}>verify this contract’s source</Link>, or attach its ABI to the address in
          your label (the Overview tab’s “Your label”).
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3" data-testid="write-contract">
      <AbiOrigins origins={origins} testId="write-source" />
      {functions.length === 0 ? (
        <p className="text-sm text-muted">The ABI has only view and pure functions: read them on the Overview tab.</p>
      ) : (
        <ol className="space-y-3">
          {functions.map((f, i) => (
            <li key={f.id}>
              <WriteForm address={address} write={f} index={i} abi={errorsAbi} chainId={chainId} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function WriteForm({ address, write, index, abi, chainId }: { address: Address; write: WriteFunction; index: number; abi: Abi; chainId: string | null }) {
  const { fn } = write;
  const id = useId();
  const payable = fn.stateMutability === 'payable';
  const [args, setArgs] = useState<string[]>(() => fn.inputs.map(() => ''));
  const [shown, setShown] = useState<boolean[]>(() => fn.inputs.map(() => false));
  const [valueText, setValueText] = useState('');
  const [valueShown, setValueShown] = useState(false);
  const { step, run } = useWalletSend(chainId);
  const checks = fn.inputs.map((p, i) => parseAbiInput(p, args[i] ?? '', i));
  const value = payable ? parseQuai(valueText) : ({ ok: true, value: 0n } as const);
  const busy = step.kind === 'estimating' || step.kind === 'signing';

  function calldata() {
    const values: unknown[] = [];
    for (const c of checks) {
      if (!c.ok) return null;
      values.push(c.value);
    }
    return encodeFunctionCall(fn, values);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setShown(fn.inputs.map(() => true));
    setValueShown(true);
    const data = calldata();
    if (data === null || !value.ok) return;
    void run({ to: address, data, value: value.value });
  }

  function sendAnyway(gas: bigint) {
    const data = calldata();
    if (data !== null && value.ok) void run({ to: address, data, value: value.value, gas });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-name`} className="space-y-2 rounded-md border border-border p-3" data-testid="write-function" data-function={write.id}>
      <h3 id={`${id}-name`} className="text-sm [overflow-wrap:anywhere]">
        <span className="text-muted">{index + 1}.</span> <ChainText text={fn.name} className="font-mono font-medium" />
        <span className="ml-2 font-mono text-xs text-muted">
          <ChainText text={write.id} />
          {payable ? ' payable' : ''}
        </span>
      </h3>
      {write.throughProxy ? <p className="text-xs text-muted">Sent to this proxy, which runs it with its implementation’s code.</p> : null}
      {isSelectorNamed(fn) ? (
        <p className="text-xs text-muted" data-testid="write-selector-only">
          Known by its selector only: no verified source or signature names it; its argument types are read from the contract’s code.
        </p>
      ) : null}
      {fn.inputs.map((param, i) => {
        const check = checks[i];
        const invalid = Boolean(shown[i] && check && !check.ok);
        return (
          <div key={i}>
            <label htmlFor={`${id}-arg-${i}`} className="block text-xs text-muted">
              {param.name ? <ChainText text={param.name} /> : `argument ${i + 1}`} <span className="font-mono">({param.type})</span>
            </label>
            <input
              id={`${id}-arg-${i}`}
              value={args[i] ?? ''}
              onChange={(e) => setArgs(args.map((a, j) => (j === i ? e.target.value : a)))}
              onBlur={() => setShown(shown.map((s, j) => s || j === i))}
              placeholder={placeholderOf(param)}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={invalid}
              aria-describedby={invalid ? `${id}-err-${i}` : undefined}
              className={`${INPUT} mt-1`}
            />
            {invalid && check && !check.ok ? (
              <p id={`${id}-err-${i}`} className="mt-1 text-xs text-bad [overflow-wrap:anywhere]" data-testid="write-input-error">
                {check.error}
              </p>
            ) : null}
          </div>
        );
      })}
      {payable ? (
        <div>
          <label htmlFor={`${id}-value`} className="block text-xs text-muted">
            Value to send (QUAI)
          </label>
          <input
            id={`${id}-value`}
            value={valueText}
            onChange={(e) => setValueText(e.target.value)}
            onBlur={() => setValueShown(true)}
            placeholder="0"
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={valueShown && !value.ok}
            aria-describedby={valueShown && !value.ok ? `${id}-value-err` : undefined}
            className={`${INPUT} mt-1`}
          />
          {valueShown && !value.ok ? (
            <p id={`${id}-value-err`} className="mt-1 text-xs text-bad" data-testid="write-input-error">
              {value.error}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className="rounded-md bg-accent px-4 py-1.5 text-sm font-medium text-accent-fg disabled:opacity-60">
          {busy ? 'Writing…' : 'Write'}
        </button>
        <span className="text-xs text-muted">the gas is estimated first; your wallet asks you to confirm</span>
      </div>
      <SendProgress step={step} abi={abi} anywayLabel="Write anyway" onSendAnyway={sendAnyway} testId="write" />
    </form>
  );
}
