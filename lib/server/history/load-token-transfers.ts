/**
 * An address's token transfers from the index, each with its token's symbol and decimals as the
 * index stored them (tokens table, read once by the writer); for a token the index has not read
 * yet, from the node through the process's tokenFacts cache. A page, or why there is none.
 */
import type { Address } from 'viem';
import { getChain, zoneOf } from '@/lib/chains';
import { tokenTransferJson, type TokenLabel, type TokenTransferPageJson } from '@/lib/history/token-transfer-json';
import { BadCursorError } from '@/lib/index/readers/page-cursor';
import { addressTokenTransfers } from '@/lib/index/readers/token-transfer-reader';
import { tokenFacts } from '@/lib/server/token/load-token-facts';
import { indexAvailability } from '@/lib/server/process/index-service';
import { readPerVersion } from './index-version';

export type TokenTransfersLoad =
  | { readonly kind: 'ok'; readonly page: TokenTransferPageJson }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string };

const UNANSWERED: TokenLabel = { symbol: null, decimals: null };

/** The token's symbol and decimals from its own zone's node; unanswered when that node is not reachable. */
async function labelOf(token: Address): Promise<TokenLabel> {
  try {
    const facts = await tokenFacts(getChain(zoneOf(token).name), token, 'latest');
    return { symbol: facts.symbol, decimals: facts.decimals };
  } catch {
    return UNANSWERED;
  }
}

export async function loadTokenTransfers(address: Address, options: { limit: number; cursor: string | null }): Promise<TokenTransfersLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  let page;
  try {
    // One read per indexed block for every viewer (./index-version.ts).
    page = await readPerVersion(index, `token-transfers:${address.toLowerCase()}:${options.limit}:${options.cursor ?? ''}`, () => addressTokenTransfers(index.db, address, options));
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
  const tokens = [...new Set(page.items.filter((i) => i.facts === null).map((i) => i.token))];
  const labels = new Map(await Promise.all(tokens.map(async (t) => [t, await labelOf(t)] as const)));
  return { kind: 'ok', page: { items: page.items.map((i) => tokenTransferJson(i, i.facts ?? labels.get(i.token) ?? UNANSWERED)), next: page.next } };
}
