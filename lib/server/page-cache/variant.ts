/**
 * Which copy of a kept URL a request is served, by its route's policy (lib/routes/cache-policy.ts):
 *
 *   immutable          one copy ('')
 *   when-final         one copy once final, none before (the request is answered per request):
 *                      a transaction once its block is STRATA_FINALITY_DEPTH blocks deep; EIP-3091's
 *                      `/block/<height>` once every chain's block at that height is, `/block/<hash>`
 *                      at once (a hash names its chain for good)
 *   per-tip            the part of the tips snapshot the page shows: every chain's head for `/`,
 *                      the chain's own for `/chain/<c>` (lib/server/tips/tips-source.ts)
 *   per-index-version  the index's version (lib/server/index/index-version.ts); none while this
 *                      process cannot know it
 *   per-data           a digest of the data the page draws, loaded now (./per-data-routes.ts); the
 *                      render is handed that very data (./handoff.ts)
 *
 * and what else the route's key follows (`keyAlso`): the index (its version and health: the
 * network page's index status) and the verified contracts (pages decoded with their ABIs, so a
 * copy from before a verification is not served after it).
 *
 * Everything these pages show that is relative to now (ages, confirmations) is computed in the
 * browser, so a copy stays true while it is served.
 */
import { createHash } from 'node:crypto';
import { parseBlockRef, parseTxHash } from '@/lib/routes/params/block-id';
import { indexVersion } from '@/lib/server/index/index-version';
import { finalityDepth } from '@/lib/server/node/finality-depth';
import { indexHealth } from '@/lib/server/index/index-health';
import { peekIndexAvailability } from '@/lib/server/index/index-service';
import { freshTips, getTips, lastTips } from '@/lib/server/tips/tips-source';
import { lookupTxByHash } from '@/lib/server/tx/load-tx';
import { verifiedEpoch } from '@/lib/server/contracts/verified-epoch';
import type { TipsSnapshot } from '@/lib/network/tips-types';
import { dataDigest } from './data-digest';
import { perDataRoute } from './per-data-routes';
import type { KeptRoute } from './plan';

export interface Variant {
  readonly variant: string;
  /** For a per-data page: the data to hand its render, under the identity the page asks for. */
  readonly handoff?: { readonly identity: string; readonly data: unknown };
}

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

/** A transaction buried under `depth` blocks of its zone (not found, pending or unreadable: not final). */
async function transactionFinal(hashText: string, depth: bigint): Promise<boolean> {
  const hash = parseTxHash(hashText);
  if (!hash.ok) return false;
  const found = await lookupTxByHash(hash.value).catch(() => undefined);
  if (!found?.found || found.data.tx.blockNumber === null) return false;
  return found.data.tip - found.data.tx.blockNumber >= depth;
}

/**
 * The block at `height` buried under `depth` blocks on every chain of `chains` (every chain of the
 * tips snapshot when undefined); a chain without a height, or missing from the snapshot, is not.
 */
async function heightFinal(height: bigint, depth: bigint, chains?: readonly string[]): Promise<boolean> {
  const snapshot = await getTips().catch(() => undefined);
  if (snapshot === undefined) return false;
  const heights = (chains ?? snapshot.chains.map((c) => c.chain)).map((name) => snapshot.chains.find((c) => c.chain === name)?.height ?? null);
  return heights.every((h) => h !== null && BigInt(h) - height >= depth);
}

/**
 * An Etherscan action declared when-final, by what it names: a transaction (`txhash`), or a block
 * height (`tag`, read as the block pages read a height; `latest` and `pending` never are final) on
 * the zone the request names (`/chain/<zone>/api` or `chain=`).
 */
async function etherscanAnswerFinal(kept: KeptRoute, depth: bigint): Promise<boolean> {
  const search = new URL(kept.url, 'http://kept.invalid').searchParams;
  const txhash = search.get('txhash');
  if (txhash !== null) return transactionFinal(txhash, depth);
  const tag = parseBlockRef(search.get('tag') ?? '');
  const zone = kept.params.chain ?? search.get('chain');
  if (!tag.ok || tag.value.kind !== 'number' || zone === null) return false;
  return heightFinal(tag.value.number, depth, [zone]);
}

/** Whether the page is final now (when-final routes); each such route says how. */
export async function isFinal(kept: KeptRoute): Promise<boolean> {
  const depth = finalityDepth();
  switch (kept.route.pattern) {
    case '/tx/[hash]':
      return transactionFinal(kept.params.hash ?? '', depth);
    case '/block/[id]': {
      const ref = parseBlockRef(kept.params.id ?? '');
      if (!ref.ok) return false;
      return ref.value.kind === 'hash' || heightFinal(ref.value.number, depth);
    }
    case '/api':
    case '/chain/[chain]/api':
      return etherscanAnswerFinal(kept, depth);
    default:
      return false;
  }
}

/**
 * The when-final patterns isFinal knows: ./plan.test.ts checks every when-final route is one, and
 * every when-final Etherscan action names a transaction or a height (ETHERSCAN_FINALITY_PARAMS).
 */
export const FINALITY_CHECKED: readonly string[] = ['/tx/[hash]', '/block/[id]', '/api', '/chain/[chain]/api'];
export const ETHERSCAN_FINALITY_PARAMS: readonly string[] = ['txhash', 'tag'];

/**
 * The copy of a page that follows the node or the index a request is served now (per-tip,
 * per-index-version, per-data), or undefined when it is answered per request. Durable pages
 * (immutable, when-final) are keyed by alsoKeyedBy alone, and checked with isFinal before a render.
 */
export async function liveVariant(kept: KeptRoute): Promise<Variant | undefined> {
  switch (kept.policy) {
    case 'per-tip': {
      const snapshot = await snapshotNow();
      const variant = snapshot && tipVariant(kept, snapshot);
      return variant === undefined ? undefined : { variant };
    }
    case 'per-index-version': {
      const version = indexVersion(peekIndexAvailability());
      if (version === undefined) return undefined;
      const also = alsoKeyedBy(kept);
      return { variant: also === '' ? version : `${version}&${also}` };
    }
    case 'per-data': {
      const shown = perDataRoute(kept.route.pattern, kept.params.address ?? '', new URLSearchParams(kept.url.split('?')[1] ?? ''));
      if (!shown) return undefined;
      const data = await shown.load();
      return { variant: dataDigest(data), handoff: { identity: shown.identity, data } };
    }
    default:
      return { variant: alsoKeyedBy(kept) };
  }
}
