/**
 * Every URL the explorer links to, built in one place. The EIP-3091 paths (`/tx/<hash>`,
 * `/address/<address>`, `/block/<number or hash>`) are what wallets link to; chain-specific pages
 * live under `/chain/<name>/…` because a block number alone does not name a block in a sharded network.
 */
import type { ChainName } from './chains';

type BlockRef = bigint | number | string;

const enc = (v: BlockRef) => encodeURIComponent(String(v));

export const urls = {
  home: () => '/',
  search: (query: string) => `/search?q=${encodeURIComponent(query)}`,

  /** EIP-3091: a hash is looked up on every chain; a bare number lists that height on each chain. */
  blockAnyChain: (numberOrHash: BlockRef) => `/block/${enc(numberOrHash)}`,
  /** A block on one chain, by number or hash. */
  block: (chain: ChainName, numberOrHash: BlockRef) => `/chain/${chain}/block/${enc(numberOrHash)}`,
  uncle: (chain: ChainName, blockNumberOrHash: BlockRef, index: number) =>
    `/chain/${chain}/block/${enc(blockNumberOrHash)}/uncle/${index}`,
  /** EIP-3091: found on whichever zone has it. */
  tx: (hash: string) => `/tx/${hash}`,
  txInBlock: (chain: ChainName, blockNumberOrHash: BlockRef, index: number) =>
    `/chain/${chain}/block/${enc(blockNumberOrHash)}/tx/${index}`,
  /** EIP-3091: the page queries the zone that owns the address. */
  address: (address: string, asOfBlock?: bigint) =>
    asOfBlock === undefined ? `/address/${address}` : `/address/${address}?block=${asOfBlock}`,
  /** The reader's own labels and ABIs (this browser), with export and import, and the operator's (searched, paged). */
  labels: (search: { q?: string; page?: number } = {}) => {
    const query = new URLSearchParams();
    if (search.q) query.set('q', search.q);
    if (search.page && search.page > 1) query.set('page', String(search.page));
    const text = query.toString();
    return text ? `/labels?${text}` : '/labels';
  },
  /** The address page's History tab; `cursor` is a page's `next` from the index. */
  addressHistory: (address: string, cursor?: string) =>
    `/address/${address}?tab=history${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  /** The address page's Token transfers tab (holdings and transfers); `cursor` is a page's `next`, `block` the "as of" block. */
  addressTokens: (address: string, options: { cursor?: string; block?: bigint } = {}) =>
    `/address/${address}?tab=tokens${options.block === undefined ? '' : `&block=${options.block}`}${options.cursor ? `&cursor=${encodeURIComponent(options.cursor)}` : ''}`,
  /** A token contract's page (its zone follows from the address); `cursor` pages its transfers. */
  token: (address: string, cursor?: string) => `/token/${address}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  chain: (chain: ChainName) => `/chain/${chain}`,
  txpool: (zone: ChainName) => `/txpool/${zone}`,
  fees: (chain: ChainName) => `/fees/${chain}`,
  network: () => '/network',
  /** The network page's Activity section with the ETX flow over `period` (24h, 7d, 30d). */
  networkActivity: (period: string) => `/network?period=${encodeURIComponent(period)}#activity`,
  broadcast: () => '/broadcast',

  /** The explorer's own API routes, polled by client components (the browser never talks to the node). */
  api: {
    tips: () => '/api/tips',
    /** The public history API (README, "History API"). */
    history: (address: string) => `/api/v1/address/${address}/transactions`,
    historyCsv: (address: string) => `/api/v1/address/${address}/transactions.csv`,
    indexStatus: () => '/api/v1/index/status',
    tokenTransfers: (address: string) => `/api/v1/address/${address}/token-transfers`,
    /** An ETX's journey (origin, destination), polled by the transaction page's card. */
    etx: (hash: string) => `/api/v1/etx/${hash}`,
  },
} as const;
