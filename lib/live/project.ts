/**
 * What one subscription hears of one feed entry: zero, one or two events (an address's block
 * can hold its transactions and its ETX deliveries). Pure: the server fans entries out with it,
 * and a replay draws the same events again.
 */
import { zoneOf, type ChainName } from '@/lib/protocol/chains';
import type { FeedEntry } from './feed-entry';
import type { Subscription } from './subscription';
import type { Direction, StreamAddressTx, StreamBlock, StreamBlockPlace, StreamEtxDelivery, StreamEvent, StreamTx } from './stream-events';

/** An event before its id (the caller numbers it by entry and index). */
export type ProjectedEvent = StreamEvent extends infer E ? (E extends { id: string } ? Omit<E, 'id'> : never) : never;

const NONE: readonly ProjectedEvent[] = [];

export function project(entry: FeedEntry, subscription: Subscription): readonly ProjectedEvent[] {
  if (subscription.kind === 'chains') {
    if (subscription.chains !== 'all' && subscription.chains !== entry.chain) return NONE;
    if (entry.kind === 'block') return [{ event: 'block', data: entry.block }];
    if (entry.kind === 'reorg') return [{ event: 'reorg', data: entry.reorg }];
    if (entry.kind === 'gap') return [{ event: 'gap', data: entry.gap }];
    return NONE;
  }
  if (subscription.kind === 'logs') {
    if (entry.chain !== subscription.chain) return NONE;
    if (entry.kind === 'reorg') return [{ event: 'reorg', data: entry.reorg }];
    if (entry.kind === 'gap') return [{ event: 'gap', data: entry.gap }];
    if (entry.kind !== 'block' || !entry.logs) return NONE;
    const logs = entry.logs.filter((log) => log.address.toLowerCase() === subscription.address && (subscription.topic0 === undefined || log.topics[0]?.toLowerCase() === subscription.topic0));
    return logs.length === 0 ? NONE : [{ event: 'logs', data: { chain: entry.chain, block: placeOf(entry.block), logs, seenAt: entry.block.seenAt } }];
  }
  return projectAddress(entry, subscription.addresses);
}

function projectAddress(entry: FeedEntry, addresses: readonly string[]): readonly ProjectedEvent[] {
  const watched = new Set(addresses);
  if (entry.kind === 'reorg' || entry.kind === 'gap') {
    if (!zonesOf(addresses).has(entry.chain)) return NONE;
    return entry.kind === 'reorg' ? [{ event: 'reorg', data: entry.reorg }] : [{ event: 'gap', data: entry.gap }];
  }
  if (entry.kind === 'pending') {
    const transactions = entry.transactions.flatMap((tx) => concerning(tx, watched));
    return transactions.length === 0 ? NONE : [{ event: 'pending', data: { chain: entry.chain, transactions, seenAt: entry.seenAt } }];
  }
  const mined: StreamAddressTx[] = [];
  const deliveries: StreamEtxDelivery[] = [];
  for (const tx of entry.transactions) {
    if (tx.type === 1) {
      // An ETX credited here: its recipient's, and its sender's (their ETX arrived).
      for (const address of matched(tx, watched)) deliveries.push({ hash: tx.hash, address, sender: tx.from, to: tx.to, value: tx.value });
    } else {
      mined.push(...concerning(tx, watched));
    }
  }
  const events: ProjectedEvent[] = [];
  const place = placeOf(entry.block);
  if (mined.length > 0) events.push({ event: 'transactions', data: { chain: entry.chain, block: place, transactions: mined, seenAt: entry.block.seenAt } });
  if (deliveries.length > 0) events.push({ event: 'etxs', data: { chain: entry.chain, block: place, deliveries, seenAt: entry.block.seenAt } });
  return events;
}

/** The watched addresses a transaction names, sender first. */
function matched(tx: StreamTx, watched: ReadonlySet<string>): string[] {
  const from = tx.from.toLowerCase();
  const to = tx.to?.toLowerCase();
  const out: string[] = [];
  if (watched.has(from)) out.push(from);
  if (to !== undefined && to !== from && watched.has(to)) out.push(to);
  return out;
}

function concerning(tx: StreamTx, watched: ReadonlySet<string>): StreamAddressTx[] {
  const from = tx.from.toLowerCase();
  const to = tx.to?.toLowerCase();
  return matched(tx, watched).map((address) => {
    const direction: Direction = from === to ? 'self' : address === from ? 'out' : 'in';
    return { ...tx, address, direction };
  });
}

function zonesOf(addresses: readonly string[]): Set<ChainName> {
  return new Set(addresses.map((a) => zoneOf(a).name));
}

export function placeOf(block: StreamBlock): StreamBlockPlace {
  return { number: block.number, numbers: block.numbers, hash: block.hash, timestamp: block.timestamp };
}
