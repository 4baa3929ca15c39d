/**
 * What a stream follows, from its query string (GET /api/v1/stream, docs/api.md):
 *
 *   ?chain=<chain>                      that chain's blocks (and reorgs)
 *   ?chain=all                          every chain's blocks: the home page, /hierarchy
 *   ?address=<a>[,<b>…]                 those addresses' transactions (mined and pending) and
 *                                       ETX deliveries, up to MAX_ADDRESSES (a watchlist)
 *   ?chain=<zone>&address=<contract>    that contract's logs; &topic0=<hash> only those
 *   &from=<id>                          replay after that event id (as Last-Event-ID does: a
 *                                       header wins), for clients that cannot set headers
 *
 * Pure and browser-safe: the pages build their stream URLs with streamQuery and the route
 * parses them with parseSubscription, so the two cannot disagree.
 */
import { CHAIN_NAMES, getChain, isChainName, zoneOf, type ChainName } from '@/lib/protocol/chains';

/** Addresses one stream may follow (a watchlist's worth). */
export const MAX_ADDRESSES = 50;

export type Subscription =
  | { readonly kind: 'chains'; readonly chains: 'all' | ChainName }
  | { readonly kind: 'address'; readonly addresses: readonly string[] }
  | { readonly kind: 'logs'; readonly chain: ChainName; readonly address: string; readonly topic0?: string };

export type ParsedSubscription =
  | { readonly ok: true; readonly subscription: Subscription; readonly from?: string }
  | { readonly ok: false; readonly error: string };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;
const KNOWN = new Set(['chain', 'address', 'topic0', 'from']);

/** Parses the query; `served`: the chains this deployment serves. */
export function parseSubscription(query: URLSearchParams, served: readonly ChainName[] = CHAIN_NAMES): ParsedSubscription {
  for (const name of query.keys()) {
    if (!KNOWN.has(name)) return { ok: false, error: `Unknown parameter "${name}": a stream takes chain, address, topic0 and from.` };
  }
  for (const name of KNOWN) {
    if (query.getAll(name).length > 1) return { ok: false, error: `"${name}" is given more than once.` };
  }
  const chain = query.get('chain')?.trim();
  const address = query.get('address')?.trim();
  const topic0 = query.get('topic0')?.trim();
  const fromText = query.get('from')?.trim();
  const from = fromText ? fromText : undefined;

  if (topic0 !== undefined && !(chain && address)) return { ok: false, error: 'topic0 narrows a contract\'s logs: give chain=<zone> and address=<contract> with it.' };
  if (chain !== undefined && chain !== 'all' && !isChainName(chain)) return { ok: false, error: `"${chain}" is not a chain: use one of ${CHAIN_NAMES.join(', ')}, or all.` };
  if (chain !== undefined && chain !== 'all' && !served.includes(chain as ChainName)) return { ok: false, error: `${chain} is not served by this explorer.` };

  if (address === undefined) {
    if (chain === undefined) return { ok: false, error: 'Say what to follow: chain=<chain> (or all), address=<address>, or chain=<zone>&address=<contract> for its logs.' };
    return { ok: true, subscription: { kind: 'chains', chains: chain === 'all' ? 'all' : (chain as ChainName) }, from };
  }

  const addresses = [...new Set(address.split(',').map((a) => a.trim().toLowerCase()).filter((a) => a !== ''))];
  const bad = addresses.find((a) => !ADDRESS.test(a));
  if (bad !== undefined || addresses.length === 0) return { ok: false, error: `"${bad ?? address}" is not a 20-byte hex address (0x and 40 hex digits).` };
  if (addresses.length > MAX_ADDRESSES) return { ok: false, error: `A stream follows at most ${MAX_ADDRESSES} addresses; ${addresses.length} were given.` };
  for (const a of addresses) {
    const zone = zoneOf(a).name;
    if (!served.includes(zone)) return { ok: false, error: `${a} lives in ${zone}, which this explorer does not serve.` };
  }

  if (chain === undefined) return { ok: true, subscription: { kind: 'address', addresses }, from };
  // A chain with an address: that contract's logs.
  if (chain === 'all' || getChain(chain as ChainName).level !== 2) return { ok: false, error: 'Logs are a zone\'s: chain must name a zone when an address is given.' };
  if (addresses.length !== 1) return { ok: false, error: 'Logs follow one contract: give one address with chain.' };
  const contract = addresses[0]!;
  if (zoneOf(contract).name !== chain) return { ok: false, error: `${contract} lives in ${zoneOf(contract).name}, not ${chain}: its logs are there.` };
  if (topic0 !== undefined && !TOPIC.test(topic0)) return { ok: false, error: `topic0 "${topic0}" is not a 32-byte hex hash.` };
  return { ok: true, subscription: { kind: 'logs', chain: chain as ChainName, address: contract, ...(topic0 ? { topic0: topic0.toLowerCase() } : {}) }, from };
}

/** The query string of a subscription (without `?`), as parseSubscription reads it. */
export function streamQuery(subscription: Subscription, from?: string): string {
  const query = new URLSearchParams();
  if (subscription.kind === 'chains') query.set('chain', subscription.chains);
  else if (subscription.kind === 'address') query.set('address', subscription.addresses.join(','));
  else {
    query.set('chain', subscription.chain);
    query.set('address', subscription.address);
    if (subscription.topic0) query.set('topic0', subscription.topic0);
  }
  if (from) query.set('from', from);
  return query.toString();
}

/** "cyprus1's blocks", said back in `ready`. */
export function describeSubscription(subscription: Subscription): string {
  if (subscription.kind === 'chains') return subscription.chains === 'all' ? 'every chain\'s blocks' : `${subscription.chains}'s blocks`;
  if (subscription.kind === 'address') return `the transactions of ${subscription.addresses.join(', ')}`;
  return `the logs of ${subscription.address} on ${subscription.chain}${subscription.topic0 ? ` with topic0 ${subscription.topic0}` : ''}`;
}

/** The zones whose txpool or receipts a subscription needs read ('pending', 'logs'). */
export function interestOf(subscription: Subscription): { readonly pool: readonly ChainName[]; readonly logs: readonly ChainName[] } {
  if (subscription.kind === 'address') return { pool: [...new Set(subscription.addresses.map((a) => zoneOf(a).name))], logs: [] };
  if (subscription.kind === 'logs') return { pool: [], logs: [subscription.chain] };
  return { pool: [], logs: [] };
}
