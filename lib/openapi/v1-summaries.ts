/**
 * One line per /api/v1 route of the route table, for the OpenAPI document: typed by the table's
 * patterns, so a new /api/v1 route does not compile until it is described here.
 */
import { CHAIN_NAMES, ZONES } from '@/lib/protocol/chains';
import { TOKEN_SORTS, TOKEN_STANDARDS, TX_KINDS, TX_STATUSES } from '@/lib/routes/params/list-query';
import type { RoutePattern } from '@/lib/routes/table';

export type V1Pattern = Extract<RoutePattern, `/api/v1/${string}`>;

export const V1_SUMMARIES: Readonly<Record<V1Pattern, string>> = {
  '/api/v1/address/[address]/transactions': "The address's transactions from the index, newest first, a page at a time (cursor in the answer).",
  '/api/v1/address/[address]/transactions.csv': "The same transactions as CSV, for a spreadsheet; `from`/`to` (UTC days) and the advanced filter's parameters narrow it.",
  '/api/v1/address/[address]/token-transfers.csv': "The address's token transfers as CSV in Etherscan's columns (Txhash, Blockno, UnixTimestamp, DateTime (UTC), From, To, TokenValue, ContractAddress, TokenName, TokenSymbol, …); `from`/`to` and the filter narrow it.",
  '/api/v1/address/[address]/internal-transactions.csv': "The address's internal transfers as CSV in Etherscan's columns (Txhash, Blockno, UnixTimestamp, DateTime (UTC), ParentTxFrom, ParentTxTo, …, Value_IN, Value_OUT, Status, ErrCode, Type); `from`/`to` and the filter narrow it.",
  '/api/v1/address/[address]/token-transfers': "The address's token transfers (ERC-20, ERC-721, ERC-1155) from the index, a page at a time.",
  '/api/v1/address/[address]/internal-transactions': "The address's internal transfers (from traces) from the index, a page at a time.",
  '/api/v1/address/[address]/balance-history':
    "The address's native balance changes from the index (the balance pass), newest first, a page at a time (`limit`, `cursor`): `{ items: [{ chain, blockNumber, blockHash, timestamp, balance, delta }], next }`, wei as decimal strings, each balance the node's at its block.",
  '/api/v1/accounts':
    "A zone's accounts (`chain`) richest first, a page at a time (`limit`, `cursor`), as of the block the answer states: `{ chain, blockNumber, total, accounts, items: [{ rank, address, balance, share, transactions, label, blockNumber }], next }`.",
  '/api/v1/stats/chain':
    "A zone's chain statistics (`chain`) per UTC day over the last 30 days or per hour over the last 48 (`period=days|hours`), from the index's rollups: blocks, block time, difficulty, hash rate, gas used and limit, base fee, gas price, uncles, transactions, ETXs sent and received, new and active addresses.",
  '/api/v1/address/[address]/approvals': "What the address has approved (ERC-20 allowances, ERC-721/1155 operators) for contracts that look like tokens: found by the index, each amount read from the node at `block` within the gas cap, a page at a time; other contracts' approvals counted apart (`unrecognised`). Rate-limited node work.",
  '/api/v1/contract/[address]': "A contract's verified source, ABI and how it matched, or that it is not verified.",
  '/api/v1/contract/[address]/input': "A verified contract's standard JSON input as stored, its compiler and contract name, and where this explorer serves that compiler: what the Contract tab's Recompile in this browser compiles.",
  '/api/v1/solc/[build]': "A solc build this explorer has (`v0.8.37+commit.a2f4bc8f`: the installed solc, STRATA_SOLC_DIR, the download cache; never fetched for a browser), or `worker`: the Web Worker that loads a build and compiles with it.",
  '/api/v1/tx/[hash]/logs': "A transaction's logs from the receipt, decoded, a page at a time by cursor (the transaction page draws the first).",
  '/api/v1/etx/[hash]': "An external transaction's journey: where it was emitted and whether its destination zone credited it.",
  '/api/v1/etx/flow': 'ETX counts between zones per hour, from the index.',
  '/api/v1/search': "Search's suggestions in groups (block, transaction, address, token, contract, label, chain): token names and symbols, verified contract names, the operator's labels, heights, hashes, addresses, chain names and other explorers' links.",
  '/api/v1/index/status': "The index's progress per chain, its mode and what it is missing.",
  '/api/v1/stats/daily': 'Daily counts per chain (blocks, transactions, ETXs, active addresses) from the index.',
  '/api/v1/simulate': "A dry run (POST): a signed or unsigned transaction run on its zone's pending state within the gas cap and sent nowhere; its outcome, reason and source line, gas, calls, transfers, state changes and logs. Gas above the block gas limit is a 400. Rate-limited node work.",
  '/api/v1/evidence/tx/[hash]': "An evidence bundle for a transaction: headers to a checkpoint, the block's tries, the receipt and signature, for a verifier that trusts nothing (npm run verify-bundle, or the page's Check).",
  '/api/v1/evidence/block/[chain]/[hash]': "An evidence bundle for a block on one chain: its header, the headers to a checkpoint and its body's roots.",
  '/api/v1/evidence/address/[address]': "An evidence bundle for an account: its balance, nonce and code proved against a state root (eth_getProof) with the headers to a checkpoint.",
  '/api/v1/stream': "Server-sent events (text/event-stream): a chain's blocks and reorgs (chain=<chain> or all), an address's mined and pending transactions and ETX deliveries (address=<a>[,<b>…]), or a contract's logs (chain=<zone>&address=<contract>[&topic0=<hash>]); every event has an id, and a reconnect's Last-Event-ID (or from=<id>) replays what it missed.",
  '/api/v1/openapi.json': 'This document: OpenAPI 3.1 of /api/v1 and of the Etherscan /api actions.',
  '/api/v1/blocks': "A chain's blocks from the index, newest first (a region's and prime's are its zones' coincident blocks), or its uncles (tab=uncles, zones) or the blocks its reorgs replaced with what replaced them (tab=reorgs), a page at a time.",
  '/api/v1/txs': "A zone's mined transactions from the index, newest first, filtered by status, type and method, a page at a time.",
  '/api/v1/txs/pending': "A zone's txpool as a list, by sender and nonce, each transaction with the nonce gap below it when its sender has one; read from the node at each request.",
  '/api/v1/tokens': 'The tokens the index has seen (ERC-20, ERC-721, ERC-1155) with holders, transfers (all and the last 24 h) and supply counted from their transfers, by holders or transfers, filtered by a name or symbol prefix and standard.',
  '/api/v1/contracts': 'The verified contracts, newest verification first: name, address, compiler, full or partial match, SPDX license; filtered by a name prefix.',
};

/** The browse lists: each answers the `{ items, next }` envelope, a 503 when it has nothing to read. */
export const V1_LISTS: readonly V1Pattern[] = ['/api/v1/blocks', '/api/v1/txs', '/api/v1/txs/pending', '/api/v1/tokens', '/api/v1/contracts'];

/** The /api/v1 routes answered on POST with a JSON body (the others are GET), with an example body each. */
export const V1_POST_BODIES: Readonly<Partial<Record<V1Pattern, Record<string, unknown>>>> = {
  '/api/v1/simulate': { chain: 'cyprus1', from: '0x00000000000000000000000000000000000000aa', to: '0x00000000000000000000000000000000000000bb', data: '0x', value: '0', gas: '100000' },
};

/** A query parameter of an /api/v1 route, for the OpenAPI document. */
export interface V1QueryParam {
  readonly name: string;
  readonly description: string;
  readonly required?: true;
  readonly schema: Record<string, unknown>;
  readonly example?: string;
}

const DAY = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' };
const ADDRESS = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' };

/** The advanced filter of an address's lists and exports (lib/routes/params/history-filter.ts). */
const FILTER_PARAMS: readonly V1QueryParam[] = [
  { name: 'from', description: 'The first UTC day (YYYY-MM-DD), included.', schema: DAY, example: '2026-01-01' },
  { name: 'to', description: 'The last UTC day (YYYY-MM-DD), included.', schema: DAY, example: '2026-12-31' },
  { name: 'direction', description: 'out: sent by the address; in: received by it (a transaction to itself is both).', schema: { type: 'string', enum: ['in', 'out'] } },
  { name: 'method', description: "The transaction's 4-byte selector (0xa9059cbb) or a function name the explorer's signature table knows (transfer).", schema: { type: 'string', pattern: '^(0x[0-9a-fA-F]{8}|[A-Za-z_$][A-Za-z0-9_$]{0,63})$' } },
  { name: 'token', description: 'Transactions that moved this token (on token-transfers: transfers of it).', schema: ADDRESS },
  { name: 'counterparty', description: 'The other party: sender, recipient or created contract.', schema: ADDRESS },
];
const PAGE_PARAMS: readonly V1QueryParam[] = [
  { name: 'limit', description: 'Items per page, 1 to 100 (25 by default).', schema: { type: 'string', pattern: '^[0-9]{1,3}$' } },
  { name: 'cursor', description: 'The `next` of the previous page.', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' } },
];

/** The query parameters of the /api/v1 routes that read any. */
export const V1_QUERY: Readonly<Partial<Record<V1Pattern, readonly V1QueryParam[]>>> = {
  '/api/v1/address/[address]/transactions': [...PAGE_PARAMS, ...FILTER_PARAMS],
  '/api/v1/address/[address]/token-transfers': [...PAGE_PARAMS, ...FILTER_PARAMS],
  '/api/v1/address/[address]/internal-transactions': [...PAGE_PARAMS, ...FILTER_PARAMS],
  '/api/v1/address/[address]/transactions.csv': FILTER_PARAMS,
  '/api/v1/search': [
    { name: 'q', required: true, description: "What to look for: a token's name or symbol, a verified contract's name, a label, a block height, a hash, an address, a chain, or another explorer's link to a transaction, block, address or token (1–200 characters).", schema: { type: 'string', minLength: 1, maxLength: 200 }, example: 'DevToken' },
  ],
  '/api/v1/address/[address]/token-transfers.csv': FILTER_PARAMS,
  '/api/v1/address/[address]/internal-transactions.csv': FILTER_PARAMS,
  '/api/v1/blocks': [
    { name: 'chain', description: 'Any chain the explorer reads; absent, the first it reads.', schema: { type: 'string', enum: [...CHAIN_NAMES] }, example: 'cyprus1' },
    { name: 'tab', description: 'uncles (a zone\'s) or reorgs; absent, the blocks.', schema: { type: 'string', enum: ['uncles', 'reorgs'] } },
    ...PAGE_PARAMS,
  ],
  '/api/v1/txs': [
    { name: 'chain', description: 'A zone; absent, the first the explorer reads.', schema: { type: 'string', enum: ZONES.map((z) => z.name) }, example: 'cyprus1' },
    { name: 'status', description: 'success or failed (the receipt\'s status).', schema: { type: 'string', enum: [...TX_STATUSES] } },
    { name: 'type', description: 'What the transaction is: a transfer or call (type 0), a contract creation, an ETX sent (type 2) or received (type 1).', schema: { type: 'string', enum: TX_KINDS.map((k) => k.id) } },
    { name: 'method', description: 'A method selector (0x and 8 hex digits), or a function name the signature table knows (every selector of that name).', schema: { type: 'string' }, example: 'transfer' },
    ...PAGE_PARAMS,
  ],
  '/api/v1/txs/pending': [
    { name: 'chain', description: 'A zone; absent, the first the explorer reads.', schema: { type: 'string', enum: ZONES.map((z) => z.name) }, example: 'cyprus1' },
    ...PAGE_PARAMS,
  ],
  '/api/v1/tokens': [
    { name: 'q', description: 'A prefix of the name or symbol, any case (at most 64 characters).', schema: { type: 'string', maxLength: 64 }, example: 'dev' },
    { name: 'sort', description: 'holders (default) or transfers, most first.', schema: { type: 'string', enum: [...TOKEN_SORTS] } },
    { name: 'standard', description: 'One standard.', schema: { type: 'string', enum: Object.keys(TOKEN_STANDARDS) } },
    ...PAGE_PARAMS,
  ],
  '/api/v1/contracts': [
    { name: 'q', description: 'A prefix of the contract\'s name, any case (at most 64 characters).', schema: { type: 'string', maxLength: 64 }, example: 'Dev' },
    ...PAGE_PARAMS,
  ],
  // The stream's subscription (lib/live/subscription.ts).
  '/api/v1/stream': [
    { name: 'chain', description: 'A chain, or all; with address, the zone of a contract whose logs to follow.', schema: { type: 'string' }, example: 'cyprus1' },
    { name: 'address', description: 'An address (or up to 50, comma-separated) whose transactions to follow; with chain, a contract.', schema: { type: 'string' } },
    { name: 'topic0', description: "Only the contract's logs with this first topic.", schema: { type: 'string' } },
    { name: 'from', description: 'Replay after this event id (the Last-Event-ID header wins).', schema: { type: 'string' } },
  ],
};
