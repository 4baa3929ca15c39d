/**
 * An address's token holdings: the tokens it has sent or received per the index, each with its
 * balance read from the node with balanceOf at the address page's block (ERC-721: how many it
 * owns; ERC-1155: per id). A token in another zone than the address is read at that zone's tip,
 * since the page's block number means nothing there; the row says so.
 */
import type { Address } from 'viem';
import { zoneOf, type Chain, type ChainName } from '@/lib/protocol/chains';
import type { NodeBalance } from '@/lib/checks/holder-balances';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import { addressTokens } from '@/lib/index/readers/tokens/token-holdings-reader';
import { getClients } from '@/lib/server/node/clients';
import { indexAtHomeBlock } from '@/lib/server/index/index-at-home-block';
import { readBalance } from './read-balance';
import { tokenFactsMany, type TokenFacts } from './load-token-facts';

/** Tokens (ERC-1155: ids) listed; each costs one balanceOf call, so the list is bounded. */
export const HOLDINGS_SHOWN = 50;

export interface Holding {
  readonly token: Address;
  readonly standard: TokenStandard;
  readonly tokenId: bigint | null;
  readonly facts: TokenFacts | null;
  readonly balance: NodeBalance;
  /** Where the balance was read: the page's block in the address's zone, or another zone's tip. */
  readonly readAt: { readonly chain: ChainName; readonly block: bigint | 'latest' };
}

export type HoldingsLoad =
  | { readonly kind: 'ok'; readonly block: bigint; readonly items: readonly Holding[]; readonly truncated: boolean }
  | { readonly kind: 'node-error'; readonly message: string }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string };

/** `asOf`: the address page's block in the address's own zone ("latest": its tip, read once so every balance shares it). */
export async function loadTokenHoldings(address: Address, asOf: bigint | 'latest'): Promise<HoldingsLoad> {
  const at = await indexAtHomeBlock(address, asOf);
  if (at.kind !== 'ok') return at;
  const { index, home, block } = at;
  const clients = getClients();
  let touched;
  try {
    touched = await addressTokens(index.db, address, HOLDINGS_SHOWN + 1);
  } catch (error) {
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
  const shown = touched.slice(0, HOLDINGS_SHOWN);
  const zones = new Map<ChainName, { chain: Chain; tokens: Address[] }>();
  for (const t of shown) {
    const zone = zoneOf(t.token);
    const entry = zones.get(zone.name) ?? { chain: zone, tokens: [] };
    entry.tokens.push(t.token as Address);
    zones.set(zone.name, entry);
  }
  const factsByZone = await Promise.all(
    [...zones.values()].map(async ({ chain, tokens }) => (clients.has(chain.name) ? tokenFactsMany(chain, tokens, 'latest') : new Map<string, TokenFacts>())),
  );
  const facts = new Map(factsByZone.flatMap((m) => [...m.entries()]));
  const items = await Promise.all(
    shown.map(async (t): Promise<Holding> => {
      const zone = zoneOf(t.token);
      const client = clients.get(zone.name);
      const readAt = { chain: zone.name, block: zone.name === home.name ? block : ('latest' as const) };
      const balance: NodeBalance = client
        ? await readBalance(client, t.token as Address, address, t.standard === 'ERC-1155' ? t.tokenId : null, readAt.block)
        : { kind: 'failed', reason: `this explorer does not read ${zone.label}` };
      return { token: t.token as Address, standard: t.standard, tokenId: t.tokenId, facts: facts.get(t.token.toLowerCase()) ?? null, balance, readAt };
    }),
  );
  return { kind: 'ok', block, items, truncated: touched.length > HOLDINGS_SHOWN };
}
