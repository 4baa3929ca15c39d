'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { readEtherscanAnswer, verdictOf } from '@/lib/contracts/etherscan-answer';
import { urls } from '@/lib/routes/urls';

const INPUT = 'w-full rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg';
/** How often a submitted job is asked for its verdict: a compile takes seconds. */
const POLL_MS = 1_000;

type Job =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'refused'; message: string; reason: string | null }
  | { kind: 'following'; guid: string; address: string; result: string }
  | { kind: 'done'; guid: string; address: string; verdict: 'pass' | 'already' | 'fail'; result: string; reason: string | null };

export interface VerifyFormProps {
  readonly address: string;
  /** The compiler builds the server has (long versions, `v0.8.37+commit.…`), newest first. */
  readonly compilers: readonly string[];
  /** A job to follow at once (`/verify?guid=`). */
  readonly guid?: string;
}

/**
 * The /verify form. Its fields are Etherscan's `verifysourcecode` fields, so without JavaScript it
 * posts straight to /api (the browser then shows the JSON answer with the job's guid). With
 * JavaScript it posts the same form with fetch, reads an uploaded file into `sourceCode`, then asks
 * `checkverifystatus` until the verdict and links to the address's Contract tab.
 */
export function VerifyForm({ address, compilers, guid }: VerifyFormProps) {
  const [format, setFormat] = useState<'solidity-standard-json-input' | 'solidity-single-file'>('solidity-standard-json-input');
  const [job, setJob] = useState<Job>(guid ? { kind: 'following', guid, address, result: 'Pending in queue' } : { kind: 'idle' });
  const form = useRef<HTMLFormElement>(null);

  // Follow a job until its verdict, one question at a time.
  const following = job.kind === 'following' ? job : null;
  useEffect(() => {
    if (!following) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const res = await fetch(urls.api.verifyStatus(following.guid), { cache: 'no-store' });
        const answer = readEtherscanAnswer(await res.json());
        if (stopped) return;
        const verdict = verdictOf(answer.result);
        if (verdict === 'pending') {
          timer = setTimeout(ask, POLL_MS);
          return;
        }
        setJob({ kind: 'done', guid: following.guid, address: following.address, verdict, result: answer.result, reason: answer.reason });
      } catch (error) {
        if (stopped) return;
        setJob({ kind: 'refused', message: `Could not ask for the job's status: ${error instanceof Error ? error.message : String(error)}`, reason: null });
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [following]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('sourceFile');
    data.delete('sourceFile');
    if (file instanceof File && file.size > 0) data.set('sourceCode', await file.text());
    const body = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === 'string') body.append(key, value);
    const submitted = body.get('contractaddress')?.trim() ?? '';
    setJob({ kind: 'submitting' });
    try {
      const res = await fetch(urls.api.etherscan(), { method: 'POST', body });
      const answer = readEtherscanAnswer(await res.json().catch(() => null));
      if (!answer.ok) return setJob({ kind: 'refused', message: answer.result, reason: answer.reason });
      // The guid in the URL: a reload (or the link) follows the same job.
      window.history.replaceState(null, '', urls.verify({ guid: answer.result, address: submitted }));
      setJob({ kind: 'following', guid: answer.result, address: submitted, result: 'Pending in queue' });
    } catch (error) {
      setJob({ kind: 'refused', message: `The request failed: ${error instanceof Error ? error.message : String(error)}`, reason: null });
    }
  }

  const busy = job.kind === 'submitting' || job.kind === 'following';
  return (
    <div className="space-y-4">
      <form ref={form} action={urls.api.etherscan()} method="post" onSubmit={submit} className="space-y-4 card p-4" data-testid="verify-form">
        <input type="hidden" name="module" value="contract" />
        <input type="hidden" name="action" value="verifysourcecode" />
        <label className="block text-xs text-muted">
          Contract address
          <input name="contractaddress" defaultValue={address} required placeholder="0x…" className={`${INPUT} mt-1`} data-testid="verify-address" />
        </label>
        <fieldset className="space-y-1 text-sm">
          <legend className="text-xs text-muted">Source</legend>
          <label className="mr-4 inline-flex items-center gap-1.5">
            <input type="radio" name="codeformat" value="solidity-standard-json-input" checked={format === 'solidity-standard-json-input'} onChange={() => setFormat('solidity-standard-json-input')} />
            Standard JSON input (every file and setting, as hardhat and forge write it)
          </label>
          <label className="inline-flex items-center gap-1.5">
            <input type="radio" name="codeformat" value="solidity-single-file" checked={format === 'solidity-single-file'} onChange={() => setFormat('solidity-single-file')} data-testid="verify-single-file" />
            One Solidity file
          </label>
        </fieldset>
        <label className="needs-js block text-xs text-muted">
          Upload a file ({format === 'solidity-single-file' ? '.sol' : 'standard JSON input, .json'}), or paste it below
          <input type="file" name="sourceFile" accept={format === 'solidity-single-file' ? '.sol,text/plain' : '.json,application/json'} className="mt-1 block text-sm" data-testid="verify-file" />
        </label>
        <label className="block text-xs text-muted">
          {format === 'solidity-single-file' ? 'Solidity source' : 'Standard JSON input'}
          <textarea name="sourceCode" rows={8} spellCheck={false} className={`${INPUT} mt-1`} data-testid="verify-source" placeholder={format === 'solidity-single-file' ? 'pragma solidity …' : '{"language":"Solidity","sources":{…},"settings":{…}}'} />
        </label>
        <label className="block text-xs text-muted">
          Contract name, as <code>path:Name</code> (the path as in the sources: for one file, the file name you give it)
          <input name="contractname" required placeholder="contracts/Token.sol:Token" className={`${INPUT} mt-1`} data-testid="verify-name" />
        </label>
        <label className="block text-xs text-muted">
          Compiler version
          <input name="compilerversion" required list="verify-compilers" defaultValue={compilers[0] ?? ''} placeholder="v0.8.37+commit.…" className={`${INPUT} mt-1`} data-testid="verify-compiler" />
          <datalist id="verify-compilers">
            {compilers.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        </label>
        {format === 'solidity-single-file' ? (
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="block text-xs text-muted">
              Optimizer
              <select name="optimizationUsed" defaultValue="1" className={`${INPUT} mt-1`} data-testid="verify-optimizer">
                <option value="1">enabled</option>
                <option value="0">disabled</option>
              </select>
            </label>
            <label className="block text-xs text-muted">
              Runs
              <input name="runs" defaultValue="200" inputMode="numeric" className={`${INPUT} mt-1`} data-testid="verify-runs" />
            </label>
            <label className="block text-xs text-muted">
              EVM version (empty: the compiler&apos;s default)
              <input name="evmversion" placeholder="shanghai" className={`${INPUT} mt-1`} data-testid="verify-evm" />
            </label>
          </div>
        ) : null}
        <label className="block text-xs text-muted">
          Constructor arguments, ABI-encoded hex (optional: read from the creation transaction when empty)
          <input name="constructorArguements" placeholder="0x…" className={`${INPUT} mt-1`} data-testid="verify-args" />
        </label>
        <button type="submit" disabled={busy} className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg disabled:opacity-60" data-testid="verify-submit">
          {job.kind === 'submitting' ? 'Submitting…' : job.kind === 'following' ? 'Compiling and matching…' : 'Verify'}
        </button>
      </form>
      <JobView job={job} />
    </div>
  );
}

function JobView({ job }: { job: Job }) {
  switch (job.kind) {
    case 'idle':
    case 'submitting':
      return null;
    case 'refused':
      return (
        <p role="alert" className="rounded-lg border border-bad/40 bg-surface p-4 text-sm text-bad" data-testid="verify-outcome" data-verdict="refused">
          {job.message}
          {job.reason ? <span className="block text-fg">{job.reason}</span> : null}
        </p>
      );
    case 'following':
      return (
        <p role="status" className="card p-4 text-sm" data-testid="verify-outcome" data-verdict="pending">
          Job <code className="font-mono text-xs">{job.guid}</code>: {job.result}. The page asks every second until the verdict.
        </p>
      );
    case 'done':
      return (
        <div role="status" className={`space-y-1 rounded-lg border bg-surface p-4 text-sm ${job.verdict === 'fail' ? 'border-bad/40' : 'border-ok/40'}`} data-testid="verify-outcome" data-verdict={job.verdict}>
          <p className={job.verdict === 'fail' ? 'font-medium text-bad' : 'font-medium text-ok'}>{job.result}</p>
          {job.reason ? <p data-testid="verify-reason">{job.reason}</p> : null}
          {job.verdict !== 'fail' && job.address ? (
            <p>
              <Link href={urls.addressContract(job.address)} data-testid="verify-contract-link">
                The verified source on the contract&apos;s page →
              </Link>
            </p>
          ) : null}
        </div>
      );
  }
}
