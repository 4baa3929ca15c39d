/**
 * Is the node there? — and the explorer's 404/503 pattern, written down once.
 *
 * ## Status codes with streaming (read this before adding a loading.tsx)
 *
 * Next sends the HTTP status with the first byte. Once a `loading.tsx` fallback or a
 * `<Suspense>` fallback has streamed, `notFound()` renders the 404 UI but the status stays 200,
 * and a thrown error can no longer become a 5xx. So:
 *
 * 1. Malformed URL parameters → 404 in proxy.ts (lib/routes/validate.ts), before any
 *    rendering, answered by proxy.ts itself with a page giving the reason. Pages still validate
 *    (defence in depth) but never need to for the status.
 * 2. Node unreachable → 503 in proxy.ts: `nodeHealth()` below, coalesced (one probe in flight,
 *    successes reused for 1 s, failures never cached so the site recovers by itself); proxy.ts
 *    answers 503 with a retry and a self-refresh (lib/server/pipeline/status-page.ts). A page that meets a
 *    dead node within that second calls reportNodeDown() (getTips does) and errors with 500.
 * 3. Unknown entity (a well-formed hash that no chain has) → the page awaits its primary lookup
 *    at the top level, *outside* any Suspense boundary, and calls `notFound()` before anything
 *    streams. Therefore: no `loading.tsx` in or above an entity route (the root has none on
 *    purpose); put secondary sections in `<Suspense>` inside the page instead.
 * 4. A node feature that is not served (MethodNotFoundError from txpool_/debug_/receipts) is
 *    never an error page: use `optional()` from ./node-errors and render <Unserved/>.
 */
import { coalesce, type Coalesced } from '@/lib/server/cache/coalesce';
import { processWide } from '@/lib/ops/process-wide';
import { describeFailure, isNodeDown } from '@/lib/server/node/node-errors';
import { getConfig } from '@/lib/ops/config';
import { createNetworkReaders, type NetworkReaders } from '@/lib/server/node/clients';
import type { ChainReader } from '@/lib/server/node/reader';

export type NodeHealth =
  | { readonly ok: true; readonly checkedAt: number }
  | { readonly ok: false; readonly checkedAt: number; readonly reason: string };

/** One per process: proxy.ts, the page cache and the pages share the probe and its answer. */
interface Health {
  probe?: Coalesced<NodeHealth>;
  readers?: NetworkReaders;
  last?: NodeHealth;
}
const healthState = () => processWide<Health>('node-health', () => ({}));

/** The probe's longest wait: a node that cannot say its block number in 3 s is not serving pages. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Readers for the probe only, with a short timeout, so a black-holed node turns into a 503 in
 * seconds rather than after the pages' full timeout.
 */
export function probeReaders(): readonly ChainReader[] {
  const state = healthState();
  if (!state.readers) {
    const config = getConfig();
    state.readers = createNetworkReaders({ ...config, timeoutMs: Math.min(config.timeoutMs, PROBE_TIMEOUT_MS) });
  }
  return state.readers.all;
}

/**
 * Probes every configured chain with `blockNumber` (one request each, in parallel). The node is
 * down when no chain answers; a single dead chain shows up on the pages that need it instead.
 * Up as soon as one chain answers: a hung zone must not hold every page for the probe's timeout
 * (a page that needs that zone meets the hang in its own lookup, once).
 */
export async function probeNode(readers: readonly ChainReader[] = probeReaders()): Promise<NodeHealth> {
  try {
    await Promise.any(readers.map((r) => r.blockNumber()));
    return { ok: true, checkedAt: Date.now() };
  } catch (error) {
    // Every chain failed: their errors in the readers' order (none with no chain configured).
    const first: unknown = error instanceof AggregateError ? error.errors[0] : error;
    const checkedAt = Date.now();
    if (first === undefined) return { ok: false, checkedAt, reason: 'No chains are configured.' };
    // The node answered, but with errors: it is there; let the pages show what it said.
    if (!isNodeDown(first)) return { ok: true, checkedAt };
    return { ok: false, checkedAt, reason: describeFailure(first) };
  }
}

/** Coalesced health: concurrent requests share one probe; an "up" answer is reused for 1 s. */
export function nodeHealth(): Promise<NodeHealth> {
  const state = healthState();
  state.probe ??= coalesce(async () => {
    const health = await probeNode();
    // Never keep a failure: throwing makes coalesce drop it, and we turn it back into a value.
    if (!health.ok) throw Object.assign(new Error(health.reason), { health });
    return health;
  }, 1_000);
  return state.probe()
    .catch((error: unknown): NodeHealth => {
      if (error instanceof Error && 'health' in error) return (error as Error & { health: NodeHealth }).health;
      return { ok: false, checkedAt: Date.now(), reason: describeFailure(error) };
    })
    .then((answer) => {
      state.last = answer;
      return answer;
    });
}

/**
 * The last probe's answer when it is younger than `maxAgeMs`, else a fresh one. For stored pages
 * (lib/server/page-cache/page-cache.ts), which are served either way and only need the health for the
 * banner: however many readers they have, the node is probed once per `maxAgeMs` at most.
 */
export function recentHealth(maxAgeMs: number): Promise<NodeHealth> {
  const { last } = healthState();
  if (last && Date.now() - last.checkedAt < maxAgeMs) return Promise.resolve(last);
  return nodeHealth();
}

/** The last probe's answer when younger than `maxAgeMs`, without probing (undefined otherwise). */
export function lastHealth(maxAgeMs: number): NodeHealth | undefined {
  const { last } = healthState();
  return last && Date.now() - last.checkedAt < maxAgeMs ? last : undefined;
}

/**
 * Called when a page or API read finds the node down: forget the cached "up" so the very next
 * request gets its 503 from proxy.ts instead of rendering against a dead node.
 */
export function reportNodeDown(): void {
  healthState().probe?.invalidate();
}
