/**
 * A counter of the verifications this process finished, so the verified-contract lookup
 * (load-verified.ts, coalesced for 2 s per address) never answers "unverified" from before a
 * verification that just passed here: the page a reader opens from /verify's verdict is read
 * afresh. Kept on globalThis because Next bundles the route that runs jobs and the pages apart
 * (a module-level counter would be one per bundle). Another instance of a fleet sees the new row
 * when its 2 s have passed.
 */
const KEY = Symbol.for('strata.verify.generation');
type Holder = { [KEY]?: number };

export function verifiedGeneration(): number {
  return (globalThis as Holder)[KEY] ?? 0;
}

export function bumpVerifiedGeneration(): void {
  const holder = globalThis as Holder;
  holder[KEY] = (holder[KEY] ?? 0) + 1;
}
