/**
 * A counter of the verifications this process finished, so the verified-contract lookup
 * (load-verified.ts, coalesced for 2 s per address) never answers "unverified" from before a
 * verification that just passed here: the page a reader opens from /verify's verdict is read
 * afresh. One per process (lib/ops/process-wide.ts) because Next bundles the route that runs jobs and the pages apart
 * (a module-level counter would be one per bundle). Another instance of a fleet sees the new row
 * when its 2 s have passed.
 */
import { processWide } from '@/lib/ops/process-wide';

const generation = () => processWide('verify.generation', () => ({ finished: 0 }));

export function verifiedGeneration(): number {
  return generation().finished;
}

export function bumpVerifiedGeneration(): void {
  generation().finished += 1;
}
