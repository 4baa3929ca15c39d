/**
 * One line per /api/v1 route of the route table, for the OpenAPI document: typed by the table's
 * patterns, so a new /api/v1 route does not compile until it is described here.
 */
import type { RoutePattern } from '@/lib/routes/table';

export type V1Pattern = Extract<RoutePattern, `/api/v1/${string}`>;

export const V1_SUMMARIES: Readonly<Record<V1Pattern, string>> = {
  '/api/v1/address/[address]/transactions': "The address's transactions from the index, newest first, a page at a time (cursor in the answer).",
  '/api/v1/address/[address]/transactions.csv': "The same transactions as CSV, for a spreadsheet.",
  '/api/v1/address/[address]/token-transfers': "The address's token transfers (ERC-20, ERC-721, ERC-1155) from the index, a page at a time.",
  '/api/v1/address/[address]/internal-transactions': "The address's internal transfers (from traces) from the index, a page at a time.",
  '/api/v1/address/[address]/balance-history':
    "The address's native balance changes from the index (the balance pass), newest first, a page at a time (`limit`, `cursor`): `{ items: [{ chain, blockNumber, blockHash, timestamp, balance, delta }], next }`, wei as decimal strings, each balance the node's at its block.",
  '/api/v1/accounts':
    "A zone's accounts (`chain`) richest first, a page at a time (`limit`, `cursor`), as of the block the answer states: `{ chain, blockNumber, total, accounts, items: [{ rank, address, balance, share, transactions, label, blockNumber }], next }`.",
  '/api/v1/stats/chain':
    "A zone's chain statistics (`chain`) per UTC day over the last 30 days or per hour over the last 48 (`period=days|hours`), from the index's rollups: blocks, block time, difficulty, hash rate, gas used and limit, base fee, gas price, uncles, transactions, ETXs sent and received, new and active addresses.",
  '/api/v1/address/[address]/approvals': "What the address has approved (ERC-20 allowances, ERC-721/1155 operators): found by the index, each amount read from the node at `block`, a page at a time.",
  '/api/v1/contract/[address]': "A contract's verified source, ABI and how it matched, or that it is not verified.",
  '/api/v1/tx/[hash]/logs': "A transaction's logs from the receipt, decoded, a page at a time by cursor (the transaction page draws the first).",
  '/api/v1/etx/[hash]': "An external transaction's journey: where it was emitted and whether its destination zone credited it.",
  '/api/v1/etx/flow': 'ETX counts between zones per hour, from the index.',
  '/api/v1/index/status': "The index's progress per chain, its mode and what it is missing.",
  '/api/v1/stats/daily': 'Daily counts per chain (blocks, transactions, ETXs, active addresses) from the index.',
  '/api/v1/simulate': "A dry run (POST): a signed or unsigned transaction run on its zone's pending state and sent nowhere; its outcome, reason and source line, gas, calls, transfers, state changes and logs.",
  '/api/v1/evidence/tx/[hash]': "An evidence bundle for a transaction: headers to a checkpoint, the block's tries, the receipt and signature, for a verifier that trusts nothing (npm run verify-bundle, or the page's Check).",
  '/api/v1/evidence/block/[chain]/[hash]': "An evidence bundle for a block on one chain: its header, the headers to a checkpoint and its body's roots.",
  '/api/v1/evidence/address/[address]': "An evidence bundle for an account: its balance, nonce and code proved against a state root (eth_getProof) with the headers to a checkpoint.",
  '/api/v1/openapi.json': 'This document: OpenAPI 3.1 of /api/v1 and of the Etherscan /api actions.',
};

/** The /api/v1 routes answered on POST with a JSON body (the others are GET), with an example body each. */
export const V1_POST_BODIES: Readonly<Partial<Record<V1Pattern, Record<string, unknown>>>> = {
  '/api/v1/simulate': { chain: 'cyprus1', from: '0x00000000000000000000000000000000000000aa', to: '0x00000000000000000000000000000000000000bb', data: '0x', value: '0', gas: '100000' },
};
