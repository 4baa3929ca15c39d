/**
 * Migration 12: the verification queue bounded and fair (lib/server/contracts/verify-jobs.ts).
 *
 * - `client`: who submitted the job (the rate limit's client key: the socket's address, or the
 *   trusted proxies' hop). Each client may have a few jobs waiting, and the runner takes the next
 *   job from the client served longest ago (round robin), so one client's flood does not make
 *   everyone else wait behind it.
 * - `input_bytes`: the size of the submitted input, so the bytes waiting in the queue are summed
 *   without reading the inputs.
 * - `input` may be NULL: it is dropped when the job has its verdict (a verified source is kept in
 *   verified_contracts); finished jobs themselves are deleted after a retention period.
 */
export const migration = {
  id: 12,
  name: 'verify-queue',
  sql: `
ALTER TABLE verify_jobs ADD COLUMN client text NOT NULL DEFAULT 'unknown';
ALTER TABLE verify_jobs ADD COLUMN input_bytes integer NOT NULL DEFAULT 0;
ALTER TABLE verify_jobs ALTER COLUMN input DROP NOT NULL;
UPDATE verify_jobs SET input_bytes = octet_length(input) WHERE state = 'pending';
UPDATE verify_jobs SET input = NULL WHERE state <> 'pending';
CREATE INDEX verify_jobs_pending_by_client ON verify_jobs (client, submitted_at) WHERE state = 'pending';
CREATE INDEX verify_jobs_turns ON verify_jobs (client, claimed_at) WHERE claimed_at IS NOT NULL;
CREATE INDEX verify_jobs_finished ON verify_jobs (finished_at) WHERE state <> 'pending'
`,
} as const;
