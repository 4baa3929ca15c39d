/**
 * What a watchlist makes of its stream's events (GET /api/v1/stream?address=…): the latest
 * activity of each watched address, and the words of the browser notification that says it
 * moved. Pure and browser-safe.
 */
import { formatQuai, shortenHex } from '@/lib/text/format';
import type { StreamEvent } from '@/lib/live/stream-events';
import type { WatchActivity } from './watch-file';

export function activitiesOf(event: StreamEvent, now: number): Array<{ address: string; activity: WatchActivity }> {
  if (event.event === 'transactions' || event.event === 'pending') {
    const status = event.event === 'pending' ? 'pending' : 'mined';
    return event.data.transactions.map((tx) => ({ address: tx.address, activity: { hash: tx.hash, chain: event.data.chain, direction: tx.direction, status, value: tx.value, at: now } }));
  }
  if (event.event === 'etxs') {
    return event.data.deliveries.map((d) => ({
      address: d.address,
      activity: { hash: d.hash, chain: event.data.chain, direction: d.address === d.to?.toLowerCase() ? 'in' : 'etx', status: 'mined', value: d.value, at: now },
    }));
  }
  return [];
}

/** "0x1234…abcd received 1.5 QUAI", "… sent (pending)", with the reader's label when it has one. */
export function notificationText(address: string, activity: WatchActivity, label?: string): { title: string; body: string } {
  const who = label ? `${label} (${shortenHex(address, 6, 4)})` : shortenHex(address, 6, 4);
  const amount = formatQuai(BigInt(activity.value));
  const what =
    activity.direction === 'in' ? `received ${amount}` : activity.direction === 'out' ? `sent ${amount}` : activity.direction === 'self' ? `sent ${amount} to itself` : `'s ETX of ${amount} arrived`;
  const where = activity.status === 'pending' ? `pending in ${activity.chain}'s txpool` : `mined on ${activity.chain}`;
  return { title: `${who} ${what}`.replace(" 's", "'s"), body: `${where} · transaction ${shortenHex(activity.hash, 10, 8)}` };
}
