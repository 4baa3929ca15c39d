'use client';

import { useEffect, useState } from 'react';
import { isHex, type Hex } from 'viem';
import { readBundle } from '@/lib/evidence/read-bundle';
import { isUnavailable } from '@/lib/evidence/bundle';
import { verifyBundle } from '@/lib/evidence/verify-bundle';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { codeHashMatches, recompileText, recompileVerdict, runtimeOf, type RecompileVerdict } from '@/lib/contracts/recompile';

interface Input {
  readonly compilerVersion: string;
  readonly contractName: string;
  readonly input: unknown;
  readonly solc: string;
}

type Step =
  | { readonly kind: 'running'; readonly what: string }
  | { readonly kind: 'failed'; readonly error: string }
  | { readonly kind: 'done'; readonly verdict: RecompileVerdict; readonly version: string; readonly block: string; readonly codeHash: Hex; readonly checks: number; readonly compileMs: number };

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status} from ${url}`);
  return body;
}

/** solc in a Web Worker of its own: the explorer's worker script loads the explorer's build of `version`. */
function compileInWorker(solc: string, input: string): Promise<{ version: string; output: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(urls.api.solc('worker'));
    worker.onmessage = (event: MessageEvent<{ kind: string; version?: string; output?: string; error?: string }>) => {
      worker.terminate();
      if (event.data.kind === 'output' && typeof event.data.output === 'string') resolve({ version: event.data.version ?? '', output: event.data.output });
      else reject(new Error(`the compiler failed: ${event.data.error ?? 'no answer'}`));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`the compiler's worker did not run: ${event.message || 'it failed to load'}`));
    };
    worker.postMessage({ solc, input });
  });
}

/** The code on chain, proven: the address's evidence bundle checked here, then the code at its block hashed against the proven code hash. */
async function provenCode(address: string): Promise<{ code: Hex; block: string; codeHash: Hex; checks: number }> {
  const bundle = await json<unknown>(urls.api.evidenceAddress(address));
  const report = await verifyBundle(bundle);
  if (report.verdict !== 'checked') throw new Error(`the evidence does not check: ${report.failed.map((c) => `${c.name}: ${c.found}`).join('; ')}`);
  const read = readBundle(bundle);
  const account = read.accounts[0];
  const header = read.headers.items.find((h) => h.hash.toLowerCase() === read.subject.block.toLowerCase());
  if (!account || isUnavailable(account.proof) || !header) throw new Error('the evidence holds no account proof for the contract');
  const block = header.number[2];
  const answer = await json<{ result?: unknown }>(`/api?module=proxy&action=eth_getCode&address=${address}&tag=0x${block.toString(16)}`);
  if (typeof answer.result !== 'string' || !isHex(answer.result)) throw new Error('the explorer gave no code');
  const code = answer.result as Hex;
  if (!codeHashMatches(code, account.proof.codeHash)) throw new Error(`the code the explorer gave does not hash to the proven code hash ${account.proof.codeHash}`);
  return { code, block: block.toString(), codeHash: account.proof.codeHash, checks: report.checks.filter((c) => c.status === 'pass').length };
}

/**
 * Recompile in this browser: the stored standard JSON input compiled by the same solc build, in a
 * Web Worker, and its runtime code compared with the code on chain — whose hash is proven against
 * a block's state root by the address's evidence bundle, checked here — "matches the code on
 * chain", or what differs. Nothing of it is the explorer's word but the files it serves.
 */
export default function RecompilePanel({ address }: { address: string }) {
  const [step, setStep] = useState<Step>({ kind: 'running', what: 'Loading the verified input…' });
  useEffect(() => {
    let live = true;
    const say = (next: Step) => live && setStep(next);
    void (async () => {
      try {
        const input = await json<Input>(urls.api.contractInput(address));
        say({ kind: 'running', what: `Compiling with solc ${input.compilerVersion} in this browser…` });
        const started = performance.now();
        const [compiled, chain] = await Promise.all([compileInWorker(input.solc, JSON.stringify(input.input)), provenCode(address)]);
        const compileMs = Math.round(performance.now() - started);
        const runtime = runtimeOf(compiled.output, input.contractName);
        if (typeof runtime === 'string') return say({ kind: 'failed', error: runtime });
        say({ kind: 'done', verdict: recompileVerdict(runtime, chain.code), version: compiled.version, block: chain.block, codeHash: chain.codeHash, checks: chain.checks, compileMs });
      } catch (error) {
        say({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      live = false;
    };
  }, [address]);

  if (step.kind === 'running') {
    return <p role="status" className="text-sm text-muted" data-testid="recompile-running">{step.what}</p>;
  }
  if (step.kind === 'failed') {
    return <p role="alert" className="text-sm text-bad" data-testid="recompile-failed">The recompile could not finish: {step.error}</p>;
  }
  const good = step.verdict.kind !== 'differs';
  return (
    <div className="space-y-1 text-sm" role="status" data-testid="recompile-result" data-verdict={step.verdict.kind}>
      <p className={good ? 'font-medium text-ok' : 'font-medium text-bad'}>Compiled in this browser: the runtime code {recompileText(step.verdict)}.</p>
      <p className="text-xs text-muted [overflow-wrap:anywhere]">
        solc {step.version} in a Web Worker ({formatInteger(step.compileMs)} ms); the code on chain at block #{step.block}, whose hash {step.codeHash} its
        account proof proves against that block’s state root ({step.checks} checks of the evidence passed in this browser).
      </p>
    </div>
  );
}
