/** The terminal's progress line: per chain, indexed/tip, percentage and blocks per second. */
import type { ChainProgress } from './chain-follower';

export function progressLine(chains: readonly ChainProgress[]): string {
  const parts = chains.map((c) => {
    const indexed = c.indexed ?? -1n;
    if (c.tip === null) return `${c.chain} ${c.phase}`;
    const percent = c.tip > 0n ? Number(((indexed + 1n) * 1000n) / (c.tip + 1n)) / 10 : 100;
    const state = c.phase === 'error' ? ' (retrying)' : c.phase === 'live' ? ' live' : '';
    return `${c.chain} ${indexed < 0n ? '-' : indexed}/${c.tip} ${percent.toFixed(1)}% ${c.rate.toFixed(0)} b/s${state}`;
  });
  return `index: ${parts.join(' · ')}`;
}

/**
 * Each chain's committed height (`cyprus1=441 cyprus2=-`), for the line a writer prints once it
 * stopped and closed the database: a test compares it with the cursors then on disk.
 */
export function indexedHeights(chains: readonly ChainProgress[]): string {
  return chains.map((c) => `${c.chain}=${c.indexed ?? '-'}`).join(' ');
}
