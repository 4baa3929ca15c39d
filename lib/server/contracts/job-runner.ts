/**
 * This process's verification runner: takes pending jobs from the database one at a time, the
 * next in turn across clients (a lease and round robin, lib/index/contracts/verify-queue.ts), runs each
 * (run-job.ts: a compile on a worker thread, then the match) and records the verdict. Woken by a
 * submission, and started with the server so that jobs left pending by a restart are taken again.
 *
 * One job at a time per process: a compile is a CPU-bound worker thread holding hundreds of
 * megabytes, and this machine serves pages too. Next bundles this module into instrumentation and
 * into the API route apart, so the runner's state is kept where both find it (processVerify,
 * verify-context.ts): whichever bundle wakes it, there is one runner per context.
 */
import { logger } from '@/lib/ops/log';
import { finishJob } from '@/lib/index/contracts/verify-store';
import { claimJob, pruneFinishedJobs } from '@/lib/index/contracts/verify-queue';
import { bumpVerifiedGeneration } from './verified-generation';
import { refreshVerifiedEpoch } from './verified-epoch';
import { VERIFY_RESULT } from '@/lib/contracts/types';
import { processVerify, type VerifyContext } from './verify-context';
import { loadQueueConfig } from './queue-config';
import { runJob } from './run-job';

/** A claimed job not finished after this long is taken again (its process died): above any compile's time limit. */
export const leaseSeconds = (ctx: VerifyContext): number => Math.ceil(ctx.compilers.timeoutMs / 1000) + 60;

interface Runner {
  /** The drain under way, if any. */
  running?: Promise<void>;
  /** A wake came while draining: look for jobs once more before stopping. */
  again: boolean;
}

function runnerOf(ctx: VerifyContext): Runner {
  const runners = processVerify().runners as WeakMap<VerifyContext, Runner>;
  let runner = runners.get(ctx);
  if (!runner) {
    runner = { again: false };
    runners.set(ctx, runner);
  }
  return runner;
}

async function drain(ctx: VerifyContext, runner: Runner): Promise<void> {
  for (;;) {
    runner.again = false;
    const job = await claimJob(ctx.db, ctx.worker, leaseSeconds(ctx));
    if (!job) {
      if (runner.again) continue;
      return;
    }
    try {
      const verdict = await runJob(ctx, job);
      // The verified row is written (run-job.ts); the verdict is not yet readable. Everything keyed
      // by what is verified moves on now, so a reader the verdict sends to the contract's pages
      // never gets a copy from before: the coalesced lookup and the stored transaction pages.
      bumpVerifiedGeneration();
      await refreshVerifiedEpoch(ctx.db).catch(() => undefined);
      await finishJob(ctx.db, job.guid, verdict);
    } catch (error) {
      // A failure of this explorer (database, node), not of the sources: said on the job, never left pending forever.
      const reason = `the explorer could not finish the job: ${(error as Error).message}`;
      logger().warn({ component: 'verify', guid: job.guid, error: (error as Error).message }, 'verify: job failed');
      await finishJob(ctx.db, job.guid, { state: 'fail', result: VERIFY_RESULT.fail, matchKind: null, reason }).catch(() => undefined);
    }
  }
}

/**
 * Runs pending jobs until none is left (a call while running makes it look again before stopping).
 * Every call in this process for one context gets the same drain, whichever bundle made it.
 */
export function wakeRunner(ctx: VerifyContext): Promise<void> {
  const runner = runnerOf(ctx);
  runner.again = true;
  if (runner.running) return runner.running;
  const run = drain(ctx, runner)
    .catch((error: unknown) => logger().warn({ component: 'verify', error: (error as Error).message }, 'verify: runner stopped'))
    .finally(() => {
      runner.running = undefined;
    });
  runner.running = run;
  return run;
}

/** Deletes the finished jobs past their retention (their inputs went with their verdicts). */
async function prune(ctx: VerifyContext): Promise<void> {
  const { retentionSeconds } = ctx.queue ?? loadQueueConfig();
  await pruneFinishedJobs(ctx.db, retentionSeconds).catch((error: unknown) =>
    logger().warn({ component: 'verify', error: (error as Error).message }, 'verify: pruning finished jobs failed'),
  );
}

/**
 * At server start (instrumentation.ts): runs the jobs left pending by a stop or a crash, then looks
 * again every lease period, so a job whose process died mid-compile (its lease expired) is taken by
 * a live one, and finished jobs past their retention are deleted. Nothing without an index.
 */
export async function resumeVerifyJobs(context: () => Promise<VerifyContext | { reason: string }>): Promise<void> {
  const ctx = await context();
  if ('reason' in ctx) return;
  void wakeRunner(ctx);
  void prune(ctx);
  setInterval(() => {
    void wakeRunner(ctx);
    void prune(ctx);
  }, leaseSeconds(ctx) * 1000).unref();
}
