import type { Metadata } from 'next';
import { ChainText } from '@/components/ui/values/ChainText';
import { JobStatus } from '@/components/verify/JobStatus';
import { VerifyForm } from '@/components/verify/VerifyForm';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveVerify } from '@/lib/server/contracts/resolve-verify';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Verify a contract' };


/**
 * `/verify?address=<a>`: submit a contract's source (standard JSON input or one file) to the
 * Etherscan-compatible API this explorer serves, and follow the job to its verdict (`?guid=`;
 * lib/server/contracts/resolve-verify.ts).
 */
export default async function VerifyPage() {
  const { address, rawGuid, guid, job, compilers } = await routeData(resolveVerify);
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold">Verify a contract</h1>
        <p className="max-w-3xl text-sm text-muted">
          Publish a contract&apos;s source: this explorer compiles it with the compiler you name and compares the result with the code on
          chain — the creation transaction&apos;s input and the deployed code. Identical code is a full match; code that differs only in
          the metadata hash the compiler appends (comments, file names) is a partial match; anything else fails, with the reason.
        </p>
        <p className="max-w-3xl text-sm text-muted">
          The same API answers <code>npx hardhat verify</code> and <code>forge verify-contract --verifier etherscan</code> (README, “Verify your contract”).
        </p>
        <noscript>
          <p className="max-w-3xl text-sm text-warn">
            Without JavaScript the form posts straight to the API and your browser shows its JSON answer: its <code>result</code> is the
            job&apos;s id. Open <code>/verify?guid=&lt;id&gt;</code> to see the verdict. Uploading a file needs JavaScript: paste the text.
          </p>
        </noscript>
      </header>
      {guid && job ? <JobStatus guid={guid} outcome={job} /> : null}
      {rawGuid && !guid ? <p role="alert" className="text-sm text-bad"><ChainText text={rawGuid.slice(0, 80)} /> is not a job id: ids are hex.</p> : null}
      <VerifyForm address={address || (job?.kind === 'found' ? job.status.address : '')} compilers={compilers} guid={job?.kind === 'found' && job.status.state === 'pending' ? guid : undefined} />
    </div>
  );
}
