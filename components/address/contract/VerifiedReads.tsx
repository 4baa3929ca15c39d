'use client';

import { useState } from 'react';
import type { AbiFunction } from 'viem';
import { ChainText } from '@/components/ui/values/ChainText';
import { originText, type AbiOrigin, type VerifiedAbi } from '@/lib/contracts/verified-abi';
import { decodeCallResult, encodeCall, functionId, type DecodedValue } from './contract-call';
import { DecodedValues } from './DecodedValues';
import { sendCall } from './send-call';
import { AbiOrigins } from './AbiOrigins';

const INPUT = 'w-full rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg';

type Answer = { kind: 'busy' } | { kind: 'error'; message: string } | { kind: 'value'; values: DecodedValue[] };

/** The view and pure functions of the verified ABIs, the first ABI's first when two share a signature. */
function readFunctions(abis: readonly VerifiedAbi[]): { fn: AbiFunction; origin: AbiOrigin }[] {
  const seen = new Set<string>();
  const out: { fn: AbiFunction; origin: AbiOrigin }[] = [];
  for (const { abi, origin } of abis) {
    for (const item of abi) {
      if (item.type !== 'function' || (item.stateMutability !== 'view' && item.stateMutability !== 'pure')) continue;
      const id = functionId(item);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ fn: item, origin });
    }
  }
  return out;
}

/**
 * Read contract from a verified ABI: every view or pure function listed with its inputs, each
 * called on its own (`call` through /api/address/<address>/call at the page's block) and its
 * answer decoded with the function's outputs. Nothing to paste.
 */
export function VerifiedReads({ address, block, abis }: { address: string; block: string; abis: readonly VerifiedAbi[] }) {
  const functions = readFunctions(abis);
  const origins = [...new Set(abis.map((a) => originText(a.origin)))];
  return (
    <div className="space-y-3" data-testid="verified-reads">
      <AbiOrigins origins={origins} testId="verified-reads-source" />
      {functions.length === 0 ? (
        <p className="text-sm text-muted">The verified ABI has no view or pure functions: switch to “ABI and function” to simulate another.</p>
      ) : (
        <ol className="space-y-2">
          {functions.map(({ fn }, i) => (
            <li key={functionId(fn)}>
              <ReadFunction address={address} block={block} fn={fn} index={i} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ReadFunction({ address, block, fn, index }: { address: string; block: string; fn: AbiFunction; index: number }) {
  const [args, setArgs] = useState<string[]>(() => fn.inputs.map(() => ''));
  const [answer, setAnswer] = useState<Answer | null>(null);

  async function query(event: React.FormEvent) {
    event.preventDefault();
    const encoded = encodeCall(fn, args);
    if (!encoded.ok) return setAnswer({ kind: 'error', message: encoded.error });
    setAnswer({ kind: 'busy' });
    const sent = await sendCall(address, { data: encoded.value, block, from: '' });
    if (!sent.ok) return setAnswer({ kind: 'error', message: sent.error });
    if (sent.value.result === undefined) return setAnswer({ kind: 'error', message: `The call failed: ${sent.value.callError ?? 'no reason given'}` });
    const decoded = decodeCallResult(fn, sent.value.result);
    setAnswer(decoded.ok ? { kind: 'value', values: decoded.value } : { kind: 'error', message: decoded.error });
  }

  return (
    <form onSubmit={query} className="space-y-2 rounded-md border border-border p-3" data-testid="verified-function" data-function={functionId(fn)}>
      <p className="text-sm">
        <span className="text-muted">{index + 1}.</span> <ChainText text={fn.name} className="font-mono font-medium" />
        <span className="font-mono text-xs text-muted">
          {' '}
          → {fn.outputs.length === 0 ? '()' : fn.outputs.map((o) => o.type).join(', ')}
        </span>
      </p>
      {fn.inputs.map((input, i) => (
        <label key={i} className="block text-xs text-muted">
          {input.name ? <ChainText text={input.name} /> : `argument ${i + 1}`} <span className="font-mono">({input.type})</span>
          <input
            data-testid={`verified-arg-${i}`}
            value={args[i] ?? ''}
            onChange={(e) => setArgs(args.map((a, j) => (j === i ? e.target.value : a)))}
            placeholder={input.type.endsWith(']') || input.type === 'tuple' ? 'JSON, e.g. ["1","2"]' : input.type}
            className={`${INPUT} mt-1`}
          />
        </label>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={answer?.kind === 'busy'} className="rounded-md border border-border px-3 py-1 text-sm hover:bg-surface-2 disabled:opacity-60" data-testid="verified-query">
          {answer?.kind === 'busy' ? 'Calling…' : 'Query'}
        </button>
        <AnswerView answer={answer} />
      </div>
    </form>
  );
}

function AnswerView({ answer }: { answer: Answer | null }) {
  if (!answer || answer.kind === 'busy') return null;
  if (answer.kind === 'error') {
    return (
      <span role="alert" className="text-sm text-bad" data-testid="verified-error">
        {answer.message}
      </span>
    );
  }
  if (answer.values.length === 0) return <span className="text-sm text-muted">returns nothing</span>;
  return <DecodedValues values={answer.values} className="min-w-0 space-y-0.5 text-sm" testId="verified-answer" />;
}
