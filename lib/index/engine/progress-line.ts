/** The terminal's progress line: per chain, indexed/tip, percentage and blocks per second, and how far the trace and balance passes are. */
import type { BalanceProgress } from './balance-pass/balance-follower';
import type { ChainProgress } from './chain-follower';
import type { TraceProgress } from './trace-pass/trace-follower';

export function progressLine(chains: readonly ChainProgress[], traces: readonly TraceProgress[] = [], balances: readonly BalanceProgress[] = []): string {
  const parts = chains.map((c) => {
    const indexed = c.indexed ?? -1n;
    if (c.tip === null) return `${c.chain} ${c.phase}`;
    const percent = c.tip > 0n ? Number(((indexed + 1n) * 1000n) / (c.tip + 1n)) / 10 : 100;
    const state = c.phase === 'error' ? ' (retrying)' : c.phase === 'live' ? ' live' : '';
    const trace = traces.find((t) => t.chain === c.chain);
    const traced = trace ? `, traced ${trace.traced ?? '-'}${trace.phase === 'stalled' ? ' (the node does not trace)' : ` ${trace.rate.toFixed(0)} b/s`}` : '';
    const balance = balances.find((b) => b.chain === c.chain);
    const balanced = balance ? `, balances ${balance.parties ?? '-'} ${balance.rate.toFixed(0)} b/s` : '';
    return `${c.chain} ${indexed < 0n ? '-' : indexed}/${c.tip} ${percent.toFixed(1)}% ${c.rate.toFixed(0)} b/s${state}${traced}${balanced}`;
  });
  return `index: ${parts.join(' · ')}`;
}

/**
 * Each chain's committed heights (`indexed cyprus1=441 cyprus2=-; traced cyprus1=430 cyprus2=-`),
 * for the line a writer prints once it stopped and closed the database: a test compares it with
 * the cursors then on disk.
 */
export function indexedHeights(chains: readonly ChainProgress[], traces: readonly TraceProgress[] = []): string {
  const indexed = `indexed ${chains.map((c) => `${c.chain}=${c.indexed ?? '-'}`).join(' ')}`;
  return traces.length === 0 ? indexed : `${indexed}; traced ${traces.map((t) => `${t.chain}=${t.traced ?? '-'}`).join(' ')}`;
}
