/**
 * The verification queue, in the verify_jobs table (migrations 7 and 12): bounded and fair.
 *
 * - Bounded: a client may have `perClient` jobs waiting, and all waiting inputs together may
 *   weigh `maxBytes`; a submission past either is refused (the caller answers 429 / 503 with
 *   Retry-After). The check and the insert run under one transaction lock, durably, so two
 *   submissions at once cannot both take the last place, and an acknowledged job survives a crash.
 * - Fair: the next job is the oldest waiting job of the client whose last turn is the longest ago
 *   (a client never served first): round robin by client, so one client's flood waits behind
 *   everyone else's next job, not the other way round.
 * - Leased: a claimed job not finished within `leaseSeconds` (its process died) is taken again.
 * - Pruned: a job's input is dropped with its verdict (verify-store.ts, finishJob); finished jobs
 *   are deleted `retentionSeconds` after their verdict.
 */
import type { Address } from 'viem';
import { VERIFY_QUEUE_LOCK_KEY, type Db, type Queryable } from '../drivers/db';
import { durableTransaction } from '../drivers/durable';
import { hexCol } from '../drivers/sql';
import { optionalText, text } from '../readers/paging/row-values';
import { chainOf, hexOf, insertJob, optionalHexOf, type ClaimedJob, type NewJob } from './verify-store';

export interface QueueBounds {
  /** Jobs one client may have waiting (running included). */
  readonly perClient: number;
  /** Bytes of input all waiting jobs may hold together. */
  readonly maxBytes: number;
}

export type EnqueueOutcome =
  | { readonly kind: 'queued' }
  /** The client has `waiting` jobs waiting already. */
  | { readonly kind: 'client-full'; readonly waiting: number }
  /** The waiting inputs hold `bytes` already; this one would pass `maxBytes`. */
  | { readonly kind: 'queue-full'; readonly bytes: number };

export type Refusal = Exclude<EnqueueOutcome, { readonly kind: 'queued' }>;

/** Why the queue has no room for `bytes` more from `client`, or null when it has. */
export async function queueRefusal(db: Queryable, client: string, bytes: number, bounds: QueueBounds): Promise<Refusal | null> {
  const [row] = await db.query(
    `SELECT count(*) FILTER (WHERE client = $1)::int AS mine, coalesce(sum(input_bytes), 0)::text AS bytes
       FROM verify_jobs WHERE state = 'pending'`,
    [client],
  );
  const mine = Number(row?.mine ?? 0);
  const waiting = Number(text(row ?? {}, 'bytes'));
  if (mine >= bounds.perClient) return { kind: 'client-full', waiting: mine };
  if (waiting + bytes > bounds.maxBytes) return { kind: 'queue-full', bytes: waiting };
  return null;
}

/**
 * Adds a pending job unless the queue's bounds refuse it; a job answered at once (state not
 * pending: nothing to compile) is recorded without the bounds. Durable when it resolves.
 */
export async function enqueueJob(db: Db, job: NewJob, bounds: QueueBounds): Promise<EnqueueOutcome> {
  return durableTransaction(db, async (tx) => {
    if (job.state === 'pending') {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [VERIFY_QUEUE_LOCK_KEY]);
      const refusal = await queueRefusal(tx, job.client ?? 'unknown', Buffer.byteLength(job.input ?? ''), bounds);
      if (refusal) return refusal;
    }
    await insertJob(tx, job);
    return { kind: 'queued' };
  });
}

const CLAIMABLE = `state = 'pending' AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => $1))`;

/** The guid of the job whose turn it is (see the top of this file), or null when none waits. */
async function nextInTurn(db: Queryable, leaseSeconds: number): Promise<string | null> {
  const [row] = await db.query(
    `WITH heads AS (
       SELECT DISTINCT ON (client) guid, client, submitted_at FROM verify_jobs WHERE ${CLAIMABLE} ORDER BY client, submitted_at
     ), turns AS (
       SELECT client, max(claimed_at) AS last_turn FROM verify_jobs
        WHERE claimed_at IS NOT NULL AND client IN (SELECT client FROM heads) GROUP BY client
     )
     SELECT h.guid FROM heads h LEFT JOIN turns t ON t.client = h.client ORDER BY t.last_turn NULLS FIRST, h.submitted_at LIMIT 1`,
    [leaseSeconds],
  );
  return row ? text(row, 'guid') : null;
}

/**
 * Claims the job whose turn it is for `worker`, or null when none waits. Another process may claim
 * the same job between the choice and the claim: the claim then changes nothing and the next in
 * turn is chosen.
 */
export async function claimJob(db: Queryable, worker: string, leaseSeconds: number): Promise<ClaimedJob | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const guid = await nextInTurn(db, leaseSeconds);
    if (guid === null) return null;
    const [row] = await db.query(
      `UPDATE verify_jobs SET claimed_by = $2, claimed_at = now() WHERE guid = $3 AND ${CLAIMABLE}
       RETURNING guid, ${hexCol('address', 'address')}, chain, compiler_version, contract_name, input, constructor_args`,
      [leaseSeconds, worker, guid],
    );
    if (!row) continue;
    return {
      guid: text(row, 'guid'),
      address: hexOf<Address>(row, 'address'),
      chain: chainOf(row),
      compilerVersion: text(row, 'compiler_version'),
      contractName: text(row, 'contract_name'),
      // Never null while pending; if it were, the job fails as "not JSON" rather than stall the runner.
      input: optionalText(row, 'input') ?? '',
      constructorArgs: optionalHexOf(row, 'constructor_args'),
    };
  }
  return null;
}

/** Deletes the jobs whose verdict is older than `retentionSeconds`; returns how many. */
export async function pruneFinishedJobs(db: Queryable, retentionSeconds: number): Promise<number> {
  const [row] = await db.query(
    `WITH gone AS (DELETE FROM verify_jobs WHERE state <> 'pending' AND finished_at < now() - make_interval(secs => $1) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [retentionSeconds],
  );
  return Number(row?.n ?? 0);
}
