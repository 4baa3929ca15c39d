/**
 * The verified contracts' epoch (verify-store.ts's verifiedEpochOf: their count and latest
 * verification), read synchronously by the stored pages: a transaction page decodes its call and
 * logs with the verified ABIs of that moment, so it is stored under the epoch it was rendered in
 * (lib/server/page-cache/variant.ts). A copy rendered before a contract was verified is
 * then never served after it: the next request renders the page again, decoded with the source.
 *
 * This process's verifications refresh it before their verdict is recorded (job-runner.ts), so a
 * reader sent to the page by the verdict gets the new epoch; another instance's are seen within
 * REFRESH_MS (read again in the background when a request finds it older). One per process (lib/ops/process-wide.ts):
 * the job runner, proxy.ts and the stored-page fast path are bundled apart.
 */
import type { Queryable } from '@/lib/index/drivers/db';
import { verifiedEpochOf } from '@/lib/index/contracts/verify-store';
import { peekIndexAvailability } from '@/lib/server/index/index-service';
import { processWide } from '@/lib/ops/process-wide';

const REFRESH_MS = 5_000;
/** Before the first read, or without an index: no verified contracts to decode with. */
const NONE = '-';

interface Epoch {
  value: string;
  at: number;
  reading?: Promise<void>;
  /** Reads started, and the latest one whose answer was kept: an older read answering late is dropped. */
  asked: number;
  kept: number;
}
function epoch(): Epoch {
  return processWide<Epoch>('verify.epoch', () => ({ value: NONE, at: 0, asked: 0, kept: 0 }));
}

/** Reads the epoch from `db` (the index's when not given, if open: this never opens it); a failure keeps the last value. */
export async function refreshVerifiedEpoch(db?: Queryable): Promise<void> {
  const state = epoch();
  const ticket = ++state.asked;
  let source = db;
  if (!source) {
    const index = peekIndexAvailability();
    if (index.state !== 'ready') return;
    source = index.db;
  }
  const value = await verifiedEpochOf(source);
  if (ticket < state.kept) return;
  state.value = value;
  state.kept = ticket;
  state.at = Date.now();
}

/** The epoch as last read; starts a background read when that is older than REFRESH_MS. Never throws. */
export function verifiedEpoch(): string {
  const state = epoch();
  if (!state.reading && Date.now() - state.at >= REFRESH_MS) {
    state.reading = refreshVerifiedEpoch()
      .catch(() => undefined)
      .finally(() => {
        state.reading = undefined;
        // Not asked again before REFRESH_MS even when the index is not ready (no read per request).
        if (Date.now() - state.at >= REFRESH_MS) state.at = Date.now();
      });
  }
  return state.value;
}
