/**
 * The token page's data: what the token is (name, symbol, decimals, standard, total supply from
 * the node), its transfers (a page from the index) and its holders summed by the index from
 * transfers, the top ones checked against the node's balanceOf.
 *
 * One block for everything compared: the height the index had reached on the token's zone (or the
 * node's tip when that is lower, or when there is no index). Holders are summed up to that block
 * and balanceOf and totalSupply are read at it, so a difference is a real disagreement, not the
 * index lagging the tip.
 *
 * Shared by concurrent viewers (lib/server/cache/coalesce.ts): the tip and code while in flight,
 * and everything read at the compared block for 2 s by that block (a block's balances and the
 * index's sums up to it do not change), so many viewers cost one set of balanceOf calls and one
 * holders sum per block, not one each.
 */
import type { Address } from 'viem';
import { zoneOf, type Chain } from '@/lib/protocol/chains';
import { checkHolders, type HoldersVerdict, type NodeBalance } from '@/lib/checks/holder-balances';
import { ERC1155_INTERFACE_CALL, ERC721_INTERFACE_CALL, readBool, readTokenUint, TOKEN_CALLS } from '@/lib/decode/token-metadata';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import { tokenTransferJson, type TokenTransferPageJson } from '@/lib/history/token-transfer-json';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import { indexedHeight, tokenHoldersAt, tokenStandardInIndex } from '@/lib/index/readers/tokens/token-holdings-reader';
import { tokenTransfersOfToken } from '@/lib/index/readers/tokens/token-transfer-reader';
import type { Hex } from '@/lib/rpc/domain';
import type { Queryable } from '@/lib/index/drivers/db';
import type { ChainClient } from '@/lib/rpc/client';
import { getClients } from '@/lib/server/node/clients';
import { indexAvailability } from '@/lib/server/index/index-service';
import { readPerVersion } from '@/lib/server/index/index-version';
import { describeFailure, nullIfRefused } from '@/lib/server/node/node-errors';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { readBalance } from './read-balance';
import { tokenFacts, type TokenFacts } from './load-token-facts';

/** Holders listed, and how many of them are checked against balanceOf (one call each). */
export const HOLDERS_SHOWN = 25;
export const HOLDERS_CHECKED = 10;
export const TRANSFERS_PER_PAGE = 25;

export interface TokenOverview {
  readonly address: Address;
  readonly zone: Chain;
  readonly facts: TokenFacts;
  /** From the index's transfers when it has any, else ERC-165 (721, 1155), else ERC-20 when decimals() answers. */
  readonly standard: TokenStandard | null;
  readonly standardSource: 'index' | 'erc-165' | 'decimals' | null;
  readonly totalSupply: bigint | null;
  /** The block the supply and balances were read at, and why that one. */
  readonly block: bigint;
  readonly blockIs: 'indexed height' | 'node tip';
}

export type IndexSection<T> =
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string };

export interface HoldersSection {
  readonly verdict: HoldersVerdict;
  readonly checked: number;
}

export type TokenPageLoad =
  | { readonly kind: 'unconfigured'; readonly zone: Chain }
  | { readonly kind: 'error'; readonly zone: Chain; readonly message: string }
  | { readonly kind: 'not-contract'; readonly zone: Chain; readonly block: bigint }
  | { readonly kind: 'not-token'; readonly zone: Chain; readonly block: bigint }
  | {
      readonly kind: 'ok';
      readonly token: TokenOverview;
      readonly holders: IndexSection<HoldersSection>;
      readonly transfers: IndexSection<TokenTransferPageJson>;
    };

function standardFrom(indexed: TokenStandard | null, is721: boolean, is1155: boolean, facts: TokenFacts) {
  if (indexed) return { standard: indexed, standardSource: 'index' } as const;
  if (is721) return { standard: 'ERC-721', standardSource: 'erc-165' } as const;
  if (is1155) return { standard: 'ERC-1155', standardSource: 'erc-165' } as const;
  if (facts.decimals !== null) return { standard: 'ERC-20', standardSource: 'decimals' } as const;
  return { standard: null, standardSource: null } as const;
}

export async function loadTokenPage(token: Address, cursor: string | null): Promise<TokenPageLoad> {
  const zone = zoneOf(token);
  const client = getClients().get(zone.name);
  if (!client) return { kind: 'unconfigured', zone };
  const index = await indexAvailability();
  const db = index.state === 'ready' ? index.db : null;

  let tip: bigint;
  let code: Hex;
  try {
    [tip, code] = await coalesceShared(`token-head:${zone.name}:${token.toLowerCase()}`, 0, () =>
      Promise.all([client.getBlockNumber(), client.getCode({ address: token, blockTag: 'latest' })]),
    );
  } catch (error) {
    return { kind: 'error', zone, message: describeFailure(error) };
  }
  if (code === '0x') return { kind: 'not-contract', zone, block: tip };

  // The index's own failures leave the node's half of the page standing.
  // Read once per commit for every viewer (lib/server/index/index-version.ts).
  const height = db ? await readPerVersion(index, `indexed-height:${zone.name}`, () => indexedHeight(db, zone.name)).catch(() => null) : null;
  const block = height !== null && height <= tip ? height : tip;
  return coalesceShared(`token-page:${zone.name}:${token.toLowerCase()}:${block}:${height ?? ''}:${tip}:${cursor ?? ''}`, 2_000, () =>
    loadAt(token, zone, client, db, cursor, tip, height, block),
  );
}

/** Everything the page compares at `block`. */
async function loadAt(
  token: Address, zone: Chain, client: ChainClient, db: Queryable | null,
  cursor: string | null, tip: bigint, height: bigint | null, block: bigint,
): Promise<TokenPageLoad> {
  const ask = (data: Hex) => nullIfRefused(client.call({ request: { to: token, data }, blockTag: block }));
  const [facts, supply, erc721, erc1155, indexed] = await Promise.allSettled([
    tokenFacts(zone, token, 'latest'),
    ask(TOKEN_CALLS.totalSupply),
    ask(ERC721_INTERFACE_CALL),
    ask(ERC1155_INTERFACE_CALL),
    db ? tokenStandardInIndex(db, token) : Promise.resolve(null),
  ]);
  if (facts.status === 'rejected') return { kind: 'error', zone, message: describeFailure(facts.reason) };
  const said = (r: PromiseSettledResult<Hex | null>) => r.status === 'fulfilled' && r.value !== null && readBool(r.value) === true;
  const totalSupply = supply.status === 'fulfilled' && supply.value !== null ? readTokenUint(supply.value) : null;
  const indexedStandard = indexed.status === 'fulfilled' ? indexed.value : null;
  const f = facts.value;
  const standard = standardFrom(indexedStandard, said(erc721), said(erc1155), f);
  if (f.name === null && f.symbol === null && totalSupply === null && standard.standard === null) return { kind: 'not-token', zone, block: tip };

  const overview: TokenOverview = {
    address: token, zone, facts: f, ...standard, totalSupply, block, blockIs: block === height ? 'indexed height' : 'node tip',
  };
  const [holders, transfers] = await Promise.all([
    loadHolders(token, zone, block, height, standard.standard, (owner) => readBalance(client, token, owner, null, block)),
    loadTransfers(token, f, cursor),
  ]);
  return { kind: 'ok', token: overview, holders, transfers };
}

async function loadHolders(
  token: Address,
  zone: Chain,
  block: bigint,
  height: bigint | null,
  standard: TokenStandard | null,
  balanceOf: (owner: Address) => Promise<NodeBalance>,
): Promise<IndexSection<HoldersSection>> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  if (height === null) return { kind: 'unavailable', state: 'starting', reason: `the index has written no ${zone.label} block yet` };
  let holders;
  try {
    holders = await tokenHoldersAt(index.db, token, zone.name, block, HOLDERS_SHOWN);
  } catch (error) {
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
  const indexed = holders.map((h) => ({ address: h.address, indexed: h.balance }));
  if (standard === 'ERC-1155') {
    // The index sums every id together; balanceOf(owner, id) answers one id, so there is nothing to compare the sum with.
    return { kind: 'ok', value: { verdict: checkHolders(indexed, [], 'ERC-1155 balances are per id: the sum over ids has no balanceOf to check against'), checked: 0 } };
  }
  const top = indexed.slice(0, HOLDERS_CHECKED);
  const answers = await Promise.all(top.map((h) => balanceOf(h.address as Address)));
  return { kind: 'ok', value: { verdict: checkHolders(indexed, answers, `only the top ${HOLDERS_CHECKED} are checked against the node`), checked: top.length } };
}

async function loadTransfers(token: Address, facts: TokenFacts, cursor: string | null): Promise<IndexSection<TokenTransferPageJson>> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  try {
    const page = await tokenTransfersOfToken(index.db, token, { limit: TRANSFERS_PER_PAGE, cursor });
    const label = { symbol: facts.symbol, decimals: facts.decimals };
    return { kind: 'ok', value: { items: page.items.map((i) => tokenTransferJson(i, label)), next: page.next } };
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}
