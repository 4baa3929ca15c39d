import type { Metadata } from 'next';
import { isAddress } from 'viem';
import { ChainText } from '@/components/ui/values/ChainText';
import { JobStatus } from '@/components/verify/JobStatus';
import { VerifyForm } from '@/components/verify/VerifyForm';
import { offeredCompilers } from '@/lib/server/contracts/solc/offered-compilers';
import { verificationStatus } from '@/lib/server/contracts/verify-jobs';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Verify a contract' };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
/** A guid as the API gives them (hex); anything else is not followed. */
const GUID = /^[0-9a-f]{8,128}$/i;

/**
 * `/verify?address=<a>`: submit a contract's source (standard JSON input or one file) to the
 * Etherscan-compatible API this explorer serves, and follow the job to its verdict (`?guid=`).
 */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const search = await searchParams;
  const rawAddress = first(search.address);
  const address = isAddress(rawAddress, { strict: false }) ? rawAddress : '';
  const rawGuid = first(search.guid);
  const guid = GUID.test(rawGuid) ? rawGuid : undefined;
  const [compilers, job] = await Promise.all([offeredCompilers(), guid ? verificationStatus(guid) : undefined]);
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
