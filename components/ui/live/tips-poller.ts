/**
 * The tips poll behind useChainTip (./tips-query.ts): /api/tips every TIP_POLL_MS while the tab
 * is visible, at once when it becomes visible again or the network comes back. Plain fetch and
 * timers, not react-query: the block and transaction pages, which only show "Block N+1 →" and
 * confirmations, downloaded react-query (about 9 KB gzipped) for this poll alone (issue 21).
 * One poll per tab however many widgets show the tip (the store starts it once).
 */
import type { TipsSnapshot } from '@/lib/tips/tips-types';
import { fetchTips, TIP_POLL_MS } from './tips-fetch';

/** Starts polling; `onTips` gets each snapshot. Returns the function that stops it. */
export function pollTips(onTips: (tips: TipsSnapshot) => void): () => void {
  let stopped = false;
  let timer: number | undefined;
  let inFlight = false;

  async function poll() {
    window.clearTimeout(timer);
    timer = undefined;
    if (stopped || inFlight) return;
    if (document.visibilityState === 'visible') {
      inFlight = true;
      try {
        const tips = await fetchTips();
        if (!stopped) onTips(tips);
      } catch {
        // A failed poll keeps the last tips on screen; the next one tries again.
      } finally {
        inFlight = false;
      }
    }
    // Hidden tabs wait for visibilitychange instead of polling.
    if (!stopped && document.visibilityState === 'visible') timer = window.setTimeout(() => void poll(), TIP_POLL_MS);
  }

  const wake = () => {
    if (document.visibilityState === 'visible' && timer === undefined) void poll();
  };
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', wake);
  void poll();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', wake);
    window.removeEventListener('online', wake);
  };
}
