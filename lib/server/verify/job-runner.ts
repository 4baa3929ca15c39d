/**
 * This process's verification runner: takes pending jobs from the database one at a time (a lease,
 * verify-store.ts's claimJob), runs each (run-job.ts: a compile on a worker thread, then the match)
 * and records the verdict. Woken by a submission, and started with the server so that jobs left
 * pending by a restart are taken again. One job at a time per process: a compile is a CPU-bound
 * worker thread and this machine serves pages too.
 */
import { logger } from '@/lib/ops/log';
import { claimJob, finishJob } from '@/lib/index/verify/verify-store';
import { bumpVerifiedGeneration } from './verified-generation';
import { refreshVerifiedEpoch } from './verified-epoch';
import { VERIFY_RESULT } from '@/lib/verify/types';
import type { VerifyContext } from './verify-context';
import { runJob } from './run-job';

/** A claimed job not finished after this long is taken again (its process died): above any compile's time limit. */
export const leaseSeconds = (ctx: VerifyContext): number => Math.ceil(ctx.compilers.timeoutMs / 1000) + 60;

const running = new WeakMap<VerifyContext, Promise<void>>();
const again = new WeakSet<VerifyContext>();

async function drain(ctx: VerifyContext): Promise<void> {
  for (;;) {
    again.delete(ctx);
    const job = await claimJob(ctx.db, ctx.worker, leaseSeconds(ctx));
    if (!job) {
      if (again.has(ctx)) continue;
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

/** Runs pending jobs until none is left (a call while running makes it look again before stopping). */
export function wakeRunner(ctx: VerifyContext): Promise<void> {
  again.add(ctx);
  const current = running.get(ctx);
  if (current) return current;
  const run = drain(ctx)
    .catch((error: unknown) => logger().warn({ component: 'verify', error: (error as Error).message }, 'verify: runner stopped'))
    .finally(() => running.delete(ctx));
  running.set(ctx, run);
  return run;
}

/**
 * At server start (instrumentation.ts): runs the jobs left pending by a stop or a crash, then looks
 * again every lease period, so a job whose process died mid-compile (its lease expired) is taken by
 * a live one. Nothing without an index.
 */
export async function resumeVerifyJobs(context: () => Promise<VerifyContext | { reason: string }>): Promise<void> {
  const ctx = await context();
  if ('reason' in ctx) return;
  void wakeRunner(ctx);
  setInterval(() => void wakeRunner(ctx), leaseSeconds(ctx) * 1000).unref();
}
