/**
 * Submitting a verification and reading its status: what `verifysourcecode` and
 * `checkverifystatus` on `/api` call (and a server action of the /verify page may call the same).
 *
 * A submission is checked against the chain first (code at the address, or Etherscan's
 * "Unable to locate ContractCode at <address>"), then stored as a pending job in the index's
 * database and handed to this process's compile runner (job-runner.ts), which compiles on a worker
 * thread and records the verdict. The job survives a restart: the runner takes pending jobs at start.
 */
import { randomBytes } from 'node:crypto';
import type { Address } from 'viem';
import { zoneOf } from '@/lib/chains';
import { insertJob, jobStatus, verifiedMatch } from '@/lib/index/verify/verify-store';
import { noContractCode, VERIFY_RESULT, type VerifyJobStatus, type VerifySubmission } from '@/lib/verify/types';
import { verifyContext, type VerifyContext } from './verify-context';
import { wakeRunner } from './job-runner';

export type SubmitOutcome =
  /** Queued (or answered at once, "Already Verified"): poll its status by guid. */
  | { readonly kind: 'queued'; readonly guid: string }
  /** No code at the address: Etherscan's "Unable to locate ContractCode at <address>". */
  | { readonly kind: 'no-code'; readonly message: string }
  /** No index, or its zone's node is not configured or did not answer: nothing was stored. */
  | { readonly kind: 'unavailable'; readonly reason: string };

/** A guid as Etherscan's look: 50 characters. */
const newGuid = (): string => randomBytes(25).toString('hex');

export async function submitVerification(submission: VerifySubmission, context?: VerifyContext): Promise<SubmitOutcome> {
  const ctx = context ?? (await verifyContext());
  if ('reason' in ctx) return { kind: 'unavailable', reason: ctx.reason };
  const address = submission.address.toLowerCase() as Address;
  const chain = zoneOf(address).name;
  let code;
  try {
    code = await ctx.node(chain).getCode(address);
  } catch (error) {
    return { kind: 'unavailable', reason: `${chain}: the node did not answer getCode: ${(error as Error).message}` };
  }
  if (code === '0x') return { kind: 'no-code', message: noContractCode(submission.address) };
  const guid = newGuid();
  const already = (await verifiedMatch(ctx.db, address)) === 'full';
  await insertJob(ctx.db, {
    guid, address, chain,
    state: already ? 'already' : 'pending',
    result: already ? VERIFY_RESULT.already : VERIFY_RESULT.pending,
    reason: already ? `${address} is already verified (full match)` : null,
    compilerVersion: submission.compilerVersion,
    contractName: submission.contractName,
    input: JSON.stringify(submission.input),
    constructorArgs: submission.constructorArguments,
  });
  if (!already) wakeRunner(ctx);
  return { kind: 'queued', guid };
}

export type StatusOutcome =
  | { readonly kind: 'found'; readonly status: VerifyJobStatus }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'unavailable'; readonly reason: string };

export async function verificationStatus(guid: string, context?: VerifyContext): Promise<StatusOutcome> {
  const ctx = context ?? (await verifyContext());
  if ('reason' in ctx) return { kind: 'unavailable', reason: ctx.reason };
  const status = await jobStatus(ctx.db, guid);
  return status ? { kind: 'found', status } : { kind: 'unknown' };
}
