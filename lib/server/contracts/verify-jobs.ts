/**
 * Submitting a verification and reading its status: what `verifysourcecode` and
 * `checkverifystatus` on `/api` call (and a server action of the /verify page may call the same).
 *
 * A submission is checked first: its input small enough for the compiler, code at the address
 * (or Etherscan's "Unable to locate ContractCode at <address>"). It is then stored as a pending job
 * in the index's database, durably and within the queue's bounds (lib/index/contracts/verify-queue.ts:
 * a few jobs per client, a cap on the bytes waiting), and handed to this process's runner
 * (job-runner.ts), which compiles on a worker thread and records the verdict. The job survives a
 * crash: the runner takes pending jobs at start.
 */
import { randomBytes } from 'node:crypto';
import type { Address } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import { formatBytes } from '@/lib/text/format';
import { jobStatus, verifiedMatch } from '@/lib/index/contracts/verify-store';
import { enqueueJob, queueRefusal, type Refusal } from '@/lib/index/contracts/verify-queue';
import { compileRequest } from '@/lib/contracts/standard-json';
import { noContractCode, VERIFY_RESULT, type VerifyJobStatus, type VerifySubmission } from '@/lib/contracts/types';
import { verifyContext, type VerifyContext } from './verify-context';
import { wakeRunner } from './job-runner';
import { loadQueueConfig } from './queue-config';

/** Seconds a client refused for its own queued jobs is told to wait: about one compile of each. */
const CLIENT_RETRY_SECONDS = 30;
/** …and when the whole queue is full. */
const QUEUE_RETRY_SECONDS = 60;

export type SubmitOutcome =
  /** Queued (or answered at once, "Already Verified"): poll its status by guid. */
  | { readonly kind: 'queued'; readonly guid: string }
  /** No code at the address: Etherscan's "Unable to locate ContractCode at <address>". */
  | { readonly kind: 'no-code'; readonly message: string }
  /** The input is larger than the compiler takes: nothing was stored. */
  | { readonly kind: 'too-large'; readonly message: string }
  /** The client has its share of the queue waiting already, or the queue is full: try again later. */
  | { readonly kind: 'busy'; readonly scope: 'client' | 'queue'; readonly message: string; readonly retryAfterSeconds: number }
  /** No index, or its zone's node is not configured or did not answer: nothing was stored. */
  | { readonly kind: 'unavailable'; readonly reason: string };

/** A guid as Etherscan's look: 50 characters. */
const newGuid = (): string => randomBytes(25).toString('hex');

/**
 * `client`: who submits (the rate limit's client key, CLIENT_HEADER), for the per-client bound and
 * the queue's turns.
 */
export async function submitVerification(submission: VerifySubmission, context?: VerifyContext, client = 'unknown'): Promise<SubmitOutcome> {
  const ctx = context ?? (await verifyContext());
  if ('reason' in ctx) return { kind: 'unavailable', reason: ctx.reason };
  const queue = ctx.queue ?? loadQueueConfig();
  const compiled = Buffer.byteLength(JSON.stringify(compileRequest(submission.input)));
  if (compiled > queue.maxInputBytes) {
    return {
      kind: 'too-large',
      message: `The standard JSON input is too large to compile here: ${formatBytes(compiled)}, and this explorer's compiler takes at most ${formatBytes(queue.maxInputBytes)}`,
    };
  }
  const address = submission.address.toLowerCase() as Address;
  const input = JSON.stringify(submission.input);
  // Refused before the node is asked anything: a flood costs a database read per request. The
  // bounds are checked again, under the queue's lock, as the job is added.
  const early = await queueRefusal(ctx.db, client, Buffer.byteLength(input), queue);
  if (early) return busy(early);
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
  const queued = await enqueueJob(ctx.db, {
    guid, address, chain, client,
    state: already ? 'already' : 'pending',
    result: already ? VERIFY_RESULT.already : VERIFY_RESULT.pending,
    reason: already ? `${address} is already verified (full match)` : null,
    compilerVersion: submission.compilerVersion,
    contractName: submission.contractName,
    input: already ? null : input,
    constructorArgs: submission.constructorArguments,
  }, queue);
  if (queued.kind !== 'queued') return busy(queued);
  if (!already) void wakeRunner(ctx);
  return { kind: 'queued', guid };
}

/** The answer to a submission the queue has no room for. */
function busy(refusal: Refusal): SubmitOutcome {
  if (refusal.kind === 'client-full') {
    return {
      kind: 'busy', scope: 'client', retryAfterSeconds: CLIENT_RETRY_SECONDS,
      message: `Max rate limit reached: ${refusal.waiting} verifications from your address are waiting here already; submit again once one has its verdict`,
    };
  }
  return {
    kind: 'busy', scope: 'queue', retryAfterSeconds: QUEUE_RETRY_SECONDS,
    message: `Max rate limit reached: the verification queue is full (${formatBytes(refusal.bytes)} of sources waiting); submit again in a minute`,
  };
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
