/**
 * An address's token transfers from the index, each with its token's symbol and decimals as the
 * index stored them (tokens table, read once by the writer); for a token the index has not read
 * yet, from the node through the process's tokenFacts cache. A page, or why there is none.
 */
import type { Address } from 'viem';
import { getChain, zoneOf } from '@/lib/protocol/chains';
import { tokenTransferJson, type TokenLabel, type TokenTransferPageJson } from '@/lib/history/token-transfer-json';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import { addressTokenTransferRows, addressTokenTransfers, type TokenTransferItem, type TokenTransferPage } from '@/lib/index/readers/tokens/token-transfer-reader';
import { tokenFacts } from '@/lib/server/token/load-token-facts';
import { indexAvailability } from '@/lib/server/index/index-service';
import { NO_FILTER, type HistoryFilter } from '@/lib/routes/params/history-filter';
import { readFilteredPerVersion, type ListPageOptions } from './filtered-read';
import { streamOf, type ListStream } from './list-stream';

export type TokenTransfersLoad =
  | { readonly kind: 'ok'; readonly page: TokenTransferPageJson }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string }
  | { readonly kind: 'bad-filter'; readonly message: string };

const UNANSWERED: TokenLabel = { symbol: null, decimals: null };
const EMPTY: TokenTransferPage = { items: [], next: null };

/** The token's symbol and decimals from its own zone's node; unanswered when that node is not reachable. */
async function labelOf(token: Address): Promise<TokenLabel> {
  try {
    const facts = await tokenFacts(getChain(zoneOf(token).name), token, 'latest');
    return { symbol: facts.symbol, decimals: facts.decimals };
  } catch {
    return UNANSWERED;
  }
}

export async function loadTokenTransfers(address: Address, options: ListPageOptions): Promise<TokenTransfersLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  let page: TokenTransferPage;
  try {
    // One read per indexed block for every viewer (@/lib/server/index/index-version.ts).
    const read = await readFilteredPerVersion(index, `token-transfers:${address.toLowerCase()}`, options, (filter) =>
      addressTokenTransfers(index.db, address, { limit: options.limit, cursor: options.cursor, filter }), EMPTY);
    if (read.kind === 'bad-filter') return read;
    page = read.value;
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
  const tokens = [...new Set(page.items.filter((i) => i.facts === null).map((i) => i.token))];
  const labels = new Map(await Promise.all(tokens.map(async (t) => [t, await labelOf(t)] as const)));
  return { kind: 'ok', page: { items: page.items.map((i) => tokenTransferJson(i, i.facts ?? labels.get(i.token) ?? UNANSWERED)), next: page.next } };
}

/** Every transfer that passes the reader's filter, newest first, with the token's stored facts, for the CSV export. */
export function tokenTransfersStream(address: Address, filter: HistoryFilter = NO_FILTER): Promise<ListStream<TokenTransferItem>> {
  return streamOf(filter, (db, resolved) => addressTokenTransferRows(db, address, resolved));
}
