/**
 * Which copy of a kept URL a request is served, by its route's policy (lib/routes/cache-policy.ts):
 *
 *   immutable, when-final  one copy (whether a when-final page is final yet is its resolver's
 *                          word, lib/routes/resolver.ts)
 *   per-tip                the part of the tips snapshot the page shows: every chain's head for `/`,
 *                          the chain's own for a route with a `chain` parameter (lib/server/tips/tips-source.ts)
 *   per-index-version      the index's version (lib/server/index/index-version.ts); none while this
 *                          process cannot know it
 *   per-data               a digest of the data the route's resolver found (./data-digest.ts)
 *
 * and what else the route's key follows (`keyAlso`): the index (its version and health: the
 * network page's index status) and the verified contracts (pages decoded with their ABIs, so a
 * copy from before a verification is not served after it).
 *
 * Everything these pages show that is relative to now (ages, confirmations) is computed in the
 * browser, so a copy stays true while it is served.
 */
import { createHash } from 'node:crypto';
import { indexVersion } from '@/lib/server/index/index-version';
import { indexHealth } from '@/lib/server/index/index-health';
import { peekIndexAvailability } from '@/lib/server/index/index-service';
import { freshTips, getTips, lastTips } from '@/lib/server/tips/tips-source';
import { verifiedEpoch } from '@/lib/server/contracts/verified-epoch';
import type { TipsSnapshot } from '@/lib/network/tips-types';
import { dataDigest } from './data-digest';
import type { KeptRoute } from './plan';

const short = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/** The parts of a key the route asks for besides its policy's (`keyAlso`); the whole variant of a durable page. */
export function alsoKeyedBy(kept: KeptRoute): string {
  const parts: string[] = [];
  if (kept.route.keyAlso?.includes('verified')) parts.push(`verified=${verifiedEpoch()}`);
  if (kept.route.keyAlso?.includes('index')) {
    // Its status changes with each commit, and when the writes start or stop failing.
    const health = indexHealth();
    parts.push(`index=${indexVersion(peekIndexAvailability()) ?? '-'}/${health.state}:${health.error ?? ''}`);
  }
  return parts.join('&');
}

/**
 * How long after its read the newest snapshot's copy is still served while a new read is in
 * flight: a read of the tips takes one node round trip, and viewers waiting for it were the home
 * page's p99. A copy is never older than the newest snapshot this process has.
 */
const REFRESHING_MS = 10_000;

/** The snapshot a tip page is served for now: the fresh one, else the last while a new read runs, else one read now. */
async function snapshotNow(): Promise<TipsSnapshot | undefined> {
  const fresh = freshTips();
  if (fresh) return fresh;
  const recent = lastTips(REFRESHING_MS);
  if (recent) {
    void getTips().catch(() => undefined);
    return recent;
  }
  return getTips().catch(() => undefined);
}

/** The part of `snapshot` a tip page shows; undefined for a chain the snapshot lacks (not configured). */
export function tipPart(kept: Pick<KeptRoute, 'params'>, snapshot: TipsSnapshot): string | undefined {
  const chain = kept.params.chain;
  const shown = chain === undefined ? snapshot.chains : snapshot.chains.find((c) => c.chain === chain);
  return shown === undefined ? undefined : short(shown);
}

/** A tip page's variant for `snapshot` (also used when a tips read renders the held pages ahead of viewers). */
export function tipVariant(kept: KeptRoute, snapshot: TipsSnapshot): string | undefined {
  const part = tipPart(kept, snapshot);
  return part === undefined ? undefined : [part, alsoKeyedBy(kept)].filter((p) => p !== '').join('&');
}

/**
 * The copy of a page that follows the node or the index a request is served now (per-tip,
 * per-index-version), or undefined when it is answered per request. A per-data page's is the
 * digest of what its resolver found (dataVariant); a durable page's is alsoKeyedBy alone.
 */
export async function liveVariant(kept: KeptRoute): Promise<string | undefined> {
  if (kept.policy === 'per-tip') {
    const snapshot = await snapshotNow();
    return snapshot && tipVariant(kept, snapshot);
  }
  if (kept.policy === 'per-index-version') {
    const version = indexVersion(peekIndexAvailability());
    if (version === undefined) return undefined;
    const also = alsoKeyedBy(kept);
    return also === '' ? version : `${version}&${also}`;
  }
  return undefined;
}

/** A per-data page's copy: the digest of the data its resolver found, and what else its route follows. */
export function dataVariant(kept: KeptRoute, data: unknown): string {
  return [dataDigest(data), alsoKeyedBy(kept)].filter((p) => p !== '').join('&');
}
