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
  '/api/v1/contract/[address]': "A contract's verified source, ABI and how it matched, or that it is not verified.",
  '/api/v1/tx/[hash]/logs': "A transaction's logs from the receipt, decoded, a page at a time by cursor (the transaction page draws the first).",
  '/api/v1/etx/[hash]': "An external transaction's journey: where it was emitted and whether its destination zone credited it.",
  '/api/v1/etx/flow': 'ETX counts between zones per hour, from the index.',
  '/api/v1/index/status': "The index's progress per chain, its mode and what it is missing.",
  '/api/v1/stats/daily': 'Daily counts per chain (blocks, transactions, ETXs, active addresses) from the index.',
  '/api/v1/openapi.json': 'This document: OpenAPI 3.1 of /api/v1 and of the Etherscan /api actions.',
};
