/**
 * How the one page cache may keep a route's answer (declared per route in ./table.ts, and per
 * Etherscan action in its action file):
 * - `none`: answered per request;
 * - `immutable`: never changes, keyed by its URL alone (a block or a transaction by hash);
 * - `when-final`: never changes once every block it shows is deep enough (STRATA_FINALITY_DEPTH);
 * - `per-tip`: one answer per tips snapshot (what the chains' heads show);
 * - `per-index-version`: one answer per index commit (what the history index shows);
 * - `per-data`: keyed by a digest of the data the answer is drawn from, read for every request.
 */
export type CachePolicy = 'none' | 'immutable' | 'when-final' | 'per-tip' | 'per-index-version' | 'per-data';

export const CACHE_POLICIES: readonly CachePolicy[] = ['none', 'immutable', 'when-final', 'per-tip', 'per-index-version', 'per-data'];
