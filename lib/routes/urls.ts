/**
 * Every URL the explorer links to, built in one place. The EIP-3091 paths (`/tx/<hash>`,
 * `/address/<address>`, `/block/<number or hash>`) are what wallets link to; chain-specific pages
 * live under `/chain/<name>/…` because a block number alone does not name a block in a sharded network.
 *
 * Each path is a pattern of the route table (lib/routes/table.ts) filled by `pathOf`, which
 * percent-encodes every parameter; only the query strings are written here.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { pathOf } from './path';
import { filterQuery, NO_FILTER, type HistoryFilter } from '@/lib/routes/params/history-filter';

type BlockRef = bigint | number | string;

/** `path` with the parameters that have a value, in the order given (a list's canonical order: its key sorts them anyway). */
function withQuery(path: string, params: Readonly<Record<string, string | undefined | null>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A transaction list's filters as its URL spells them (lib/routes/params/list-query.ts). */
export interface TxListLink {
  readonly status?: string;
  readonly type?: string;
  readonly method?: string;
  readonly tab?: 'pending';
  readonly cursor?: string | null;
  /** A page size other than the default (25), kept as a reader paged. */
  readonly limit?: number;
}

const limitParam = (limit: number | undefined): string | undefined => (limit === undefined || limit === 25 ? undefined : String(limit));

export const urls = {
  home: () => pathOf('/'),
  search: (query: string) => `${pathOf('/search')}?q=${encodeURIComponent(query)}`,

  /** The countdown to a zone's block not mined yet (the zone's average block time). */
  blockCountdown: (number: bigint | number, chain: ChainName) => `${pathOf('/block/countdown/[number]', { number })}?chain=${encodeURIComponent(chain)}`,
  /** EIP-3091: a hash is looked up on every chain; a bare number lists that height on each chain. */
  blockAnyChain: (numberOrHash: BlockRef) => pathOf('/block/[id]', { id: numberOrHash }),
  /** A block on one chain, by number or hash. */
  block: (chain: ChainName, numberOrHash: BlockRef) => pathOf('/chain/[chain]/block/[id]', { chain, id: numberOrHash }),
  uncle: (chain: ChainName, blockNumberOrHash: BlockRef, index: number) =>
    pathOf('/chain/[chain]/block/[id]/uncle/[index]', { chain, id: blockNumberOrHash, index }),
  /** EIP-3091: found on whichever zone has it. */
  tx: (hash: string) => pathOf('/tx/[hash]', { hash }),
  /** A transaction page's tab (Trace, State changes); `frame`: a call frame's path ("0_1") to scroll to. */
  txTab: (hash: string, tab: 'overview' | 'trace' | 'state', frame?: string) =>
    `${pathOf('/tx/[hash]', { hash })}?tab=${tab}${frame === undefined ? '' : `#frame-${frame}`}`,
  txInBlock: (chain: ChainName, blockNumberOrHash: BlockRef, index: number) =>
    pathOf('/chain/[chain]/block/[id]/tx/[index]', { chain, id: blockNumberOrHash, index }),
  /** EIP-3091: the page queries the zone that owns the address. */
  address: (address: string, asOfBlock?: bigint) =>
    `${pathOf('/address/[address]', { address })}${asOfBlock === undefined ? '' : `?block=${asOfBlock}`}`,
  /** The address's transaction with this nonce, found in the index when asked (a redirect to it). */
  senderNonce: (address: string, nonce: bigint) => pathOf('/address/[address]/nonce/[nonce]', { address, nonce }),
  /** The reader's own labels and ABIs (this browser), with export and import, and the operator's (searched, paged). */
  labels: (search: { q?: string; page?: number } = {}) => {
    const query = new URLSearchParams();
    if (search.q) query.set('q', search.q);
    if (search.page && search.page > 1) query.set('page', String(search.page));
    const text = query.toString();
    return text ? `${pathOf('/labels')}?${text}` : pathOf('/labels');
  },
  /** The address page's History tab; `cursor` is a page's `next` from the index, `filter` the advanced filter it shows. */
  addressHistory: (address: string, cursor?: string, filter: HistoryFilter = NO_FILTER) =>
    `${pathOf('/address/[address]', { address })}?tab=history${filterQuery(filter)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  /** The History tab at a page of the address's internal transfers (`cursor`: that list's `next`), under `filter`. */
  addressInternal: (address: string, cursor?: string, filter: HistoryFilter = NO_FILTER) =>
    `${pathOf('/address/[address]', { address })}?tab=history${filterQuery(filter)}${cursor ? `&internal=${encodeURIComponent(cursor)}` : ''}`,
  /** The address page's Token transfers tab (holdings and transfers); `cursor` is a page's `next`, `block` the "as of" block. */
  addressTokens: (address: string, options: { cursor?: string; block?: bigint } = {}) =>
    `${pathOf('/address/[address]', { address })}?tab=tokens${options.block === undefined ? '' : `&block=${options.block}`}${options.cursor ? `&cursor=${encodeURIComponent(options.cursor)}` : ''}`,
  /** A token contract's page (its zone follows from the address); `cursor` pages its transfers. */
  token: (address: string, cursor?: string) => `${pathOf('/token/[address]', { address })}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  chain: (chain: ChainName) => pathOf('/chain/[chain]', { chain }),
  /** A chain's blocks (`tab`: its uncles or reorgs); `cursor` is a page's `next`. */
  blocks: (chain: ChainName, options: { tab?: 'uncles' | 'reorgs'; cursor?: string | null; limit?: number } = {}) =>
    withQuery(pathOf('/blocks'), { chain, tab: options.tab, limit: limitParam(options.limit), cursor: options.cursor }),
  /** A zone's transactions, filtered, or its pending ones (`tab: 'pending'`). */
  txs: (zone: ChainName, options: TxListLink = {}) =>
    withQuery(pathOf('/txs'), {
      chain: zone, tab: options.tab, status: options.status, type: options.type, method: options.method, limit: limitParam(options.limit), cursor: options.cursor,
    }),
  tokens: (options: { q?: string; sort?: string; standard?: string; cursor?: string | null; limit?: number } = {}) =>
    withQuery(pathOf('/tokens'), { q: options.q, sort: options.sort, standard: options.standard, limit: limitParam(options.limit), cursor: options.cursor }),
  contracts: (options: { q?: string; cursor?: string | null; limit?: number } = {}) =>
    withQuery(pathOf('/contracts'), { q: options.q, limit: limitParam(options.limit), cursor: options.cursor }),
  /** The reader's watched addresses (this browser), with their latest activity. */
  watchlist: () => pathOf('/watchlist'),
  /** The live picture of the hierarchy: prime, regions and zones as lanes, from every chain's stream. */
  hierarchy: () => pathOf('/hierarchy'),
  txpool: (zone: ChainName) => pathOf('/txpool/[zone]', { zone }),
  fees: (chain: ChainName) => pathOf('/fees/[chain]', { chain }),
  network: () => pathOf('/network'),
  /** The network page's Activity section with the ETX flow over `period` (24h, 7d, 30d). */
  networkActivity: (period: string) => `${pathOf('/network')}?period=${encodeURIComponent(period)}#activity`,
  broadcast: () => pathOf('/broadcast'),
  /** The verification form, for `address` when given; `guid` follows a submitted job (works without JavaScript). */
  verify: (options: { address?: string; guid?: string } = {}) => {
    const query = new URLSearchParams();
    if (options.address) query.set('address', options.address);
    if (options.guid) query.set('guid', options.guid);
    const text = query.toString();
    return text ? `${pathOf('/verify')}?${text}` : pathOf('/verify');
  },
  /** The address page's Contract tab: the verified source, or the way to verify it. */
  addressContract: (address: string) => `${pathOf('/address/[address]', { address })}?tab=contract`,
  /** A line of a verified source, highlighted in the Contract tab: `fileIndex` is the file's place among the verified sources. */
  sourceLine: (address: string, fileIndex: number, line: number) => `${pathOf('/address/[address]', { address })}?tab=contract#src-${fileIndex}-L${line}`,
  /** The address page's Write contract tab: its functions sent through the reader's wallet. */
  addressWrite: (address: string) => `${pathOf('/address/[address]', { address })}?tab=write`,
  /** The address page's Analytics tab: its balance through time, each change's block and proof, its tokens' balances. */
  addressAnalytics: (address: string, cursor?: string) =>
    `${pathOf('/address/[address]', { address })}?tab=analytics${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  /** A zone's top accounts, richest first; `cursor` is a page's `next`. */
  accounts: (chain?: ChainName, cursor?: string) => {
    const query = new URLSearchParams();
    if (chain) query.set('chain', chain);
    if (cursor) query.set('cursor', cursor);
    const text = query.toString();
    return text ? `${pathOf('/accounts')}?${text}` : pathOf('/accounts');
  },
  /** A zone's charts per UTC day (default) or per hour. */
  charts: (chain?: ChainName, period?: 'days' | 'hours') => {
    const query = new URLSearchParams();
    if (chain) query.set('chain', chain);
    if (period && period !== 'days') query.set('period', period);
    const text = query.toString();
    return text ? `${pathOf('/charts')}?${text}` : pathOf('/charts');
  },
  /** The address page's Approvals tab; `cursor` is a page's `next`, `block` the "as of" block. */
  addressApprovals: (address: string, options: { cursor?: string; block?: bigint } = {}) =>
    `${pathOf('/address/[address]', { address })}?tab=approvals${options.block === undefined ? '' : `&block=${options.block}`}${options.cursor ? `&cursor=${encodeURIComponent(options.cursor)}` : ''}`,

  /** The explorer's own API routes, polled by client components (the browser never talks to the node). */
  api: {
    tips: () => pathOf('/api/tips'),
    txpool: (zone: string) => pathOf('/api/txpool/[zone]', { zone }),
    /** A chain's fee history; `query` is the route's own (blocks, percentiles). */
    fees: (chain: string, query: string) => `${pathOf('/api/fees/[chain]', { chain })}?${query}`,
    broadcast: () => pathOf('/api/broadcast'),
    /** The dry run of a transaction (POST): what it would do on the zone's pending state, nothing sent. */
    simulate: () => pathOf('/api/v1/simulate'),
    /** A read-only contract call at the address page's block (POST). */
    call: (address: string) => pathOf('/api/address/[address]/call', { address }),
    /** The operator's labels: POST `{ addresses }` (lib/search/labels/label-lookup.ts), or GET with these addresses in the query. */
    labels: (addresses?: readonly string[]) => (addresses ? `${pathOf('/api/labels')}?addresses=${addresses.join(',')}` : pathOf('/api/labels')),
    /** The public history API (README, "History API"). */
    history: (address: string) => pathOf('/api/v1/address/[address]/transactions', { address }),
    /** The exports (lib/server/history/csv-export.ts), of what `filter` shows. */
    historyCsv: (address: string, filter: HistoryFilter = NO_FILTER) => `${pathOf('/api/v1/address/[address]/transactions.csv', { address })}${filterQuery(filter, true)}`,
    tokenTransfersCsv: (address: string, filter: HistoryFilter = NO_FILTER) =>
      `${pathOf('/api/v1/address/[address]/token-transfers.csv', { address })}${filterQuery(filter, true)}`,
    internalTransactionsCsv: (address: string, filter: HistoryFilter = NO_FILTER) =>
      `${pathOf('/api/v1/address/[address]/internal-transactions.csv', { address })}${filterQuery(filter, true)}`,
    indexStatus: () => pathOf('/api/v1/index/status'),
    /** The browse lists' JSON twins (docs/api.md, "Lists"). */
    blocks: (chain: ChainName, options: { tab?: 'uncles' | 'reorgs'; cursor?: string | null } = {}) =>
      withQuery(pathOf('/api/v1/blocks'), { chain, tab: options.tab, cursor: options.cursor }),
    txs: (zone: ChainName, options: Omit<TxListLink, 'tab'> = {}) =>
      withQuery(pathOf('/api/v1/txs'), { chain: zone, status: options.status, type: options.type, method: options.method, cursor: options.cursor }),
    pendingTxs: (zone: ChainName, cursor?: string | null) => withQuery(pathOf('/api/v1/txs/pending'), { chain: zone, cursor }),
    tokens: (options: { q?: string; sort?: string; standard?: string; cursor?: string | null } = {}) =>
      withQuery(pathOf('/api/v1/tokens'), { q: options.q, sort: options.sort, standard: options.standard, cursor: options.cursor }),
    contracts: (options: { q?: string; cursor?: string | null } = {}) => withQuery(pathOf('/api/v1/contracts'), { q: options.q, cursor: options.cursor }),
    tokenTransfers: (address: string) => pathOf('/api/v1/address/[address]/token-transfers', { address }),
    /** Search's suggestions (the header's combobox). */
    search: (query: string) => `${pathOf('/api/v1/search')}?q=${encodeURIComponent(query)}`,
    internalTransactions: (address: string) => pathOf('/api/v1/address/[address]/internal-transactions', { address }),
    /** An address's native balance changes, newest first (docs/api.md, "Balances"). */
    balanceHistory: (address: string) => pathOf('/api/v1/address/[address]/balance-history', { address }),
    /** A zone's top accounts (docs/api.md, "Balances"). */
    accounts: (chain: ChainName) => `${pathOf('/api/v1/accounts')}?chain=${chain}`,
    /** A zone's chain statistics per day or hour (the charts' data, and their CSV). */
    chainStats: (chain: ChainName, period: 'days' | 'hours', format?: 'csv') =>
      `${pathOf('/api/v1/stats/chain')}?chain=${chain}${period === 'days' ? '' : `&period=${period}`}${format ? `&format=${format}` : ''}`,
    /** What an address has approved, each amount read from the node (docs/api.md). */
    approvals: (address: string) => pathOf('/api/v1/address/[address]/approvals', { address }),
    /** What became of a transaction a wallet form sent, polled until mined. */
    txOutcome: (hash: string) => pathOf('/api/tx/[hash]/outcome', { hash }),
    /** A verified contract's sources and ABI as JSON (the Contract tab's download). */
    contract: (address: string) => pathOf('/api/v1/contract/[address]', { address }),
    /** The stored standard JSON input a browser recompiles. */
    contractInput: (address: string) => pathOf('/api/v1/contract/[address]/input', { address }),
    /** A solc build by its long version (`v0.8.37+commit.a2f4bc8f`), or `worker`: the worker that loads one. */
    solc: (build: string) => pathOf('/api/v1/solc/[build]', { build }),
    /** Etherscan's endpoint: the /verify form posts `verifysourcecode` here and follows `checkverifystatus`. */
    etherscan: () => pathOf('/api'),
    verifyStatus: (guid: string) => `${pathOf('/api')}?module=contract&action=checkverifystatus&guid=${encodeURIComponent(guid)}`,
    /** A page of a transaction's logs, decoded, from position `cursor` (the tx page draws the first LOGS_ON_PAGE). */
    txLogs: (hash: string, cursor: number, limit?: number) =>
      `${pathOf('/api/v1/tx/[hash]/logs', { hash })}?cursor=${cursor}${limit === undefined ? '' : `&limit=${limit}`}`,
    /** Server-sent events; `query` from lib/live/subscription.ts's streamQuery. */
    stream: (query: string) => `${pathOf('/api/v1/stream')}?${query}`,
    /** An ETX's journey (origin, destination), polled by the transaction page's card. */
    etx: (hash: string) => pathOf('/api/v1/etx/[hash]', { hash }),
    /** Evidence bundles (docs/api.md, "Evidence"); `query` from lib/routes/params/evidence-params.ts's evidenceQuery. */
    evidenceTx: (hash: string, query = '') => `${pathOf('/api/v1/evidence/tx/[hash]', { hash })}${query}`,
    evidenceBlock: (chain: ChainName, hash: string, query = '') => `${pathOf('/api/v1/evidence/block/[chain]/[hash]', { chain, hash })}${query}`,
    evidenceAddress: (address: string, query = '') => `${pathOf('/api/v1/evidence/address/[address]', { address })}${query}`,
  },
} as const;
