/** The Etherscan-compatible txlist and tokentx from the index: the envelope and its HTTP status. */
import { etherscanTokenTx, etherscanTx, notOk, type Envelope, type TxlistQuery } from '@/lib/history/etherscan';
import { historySlice } from '@/lib/index/readers/history-reader';
import { addressTokenTransferSlice } from '@/lib/index/readers/tokens/token-transfer-reader';
import { getChain, zoneOf } from '@/lib/protocol/chains';
import type { Queryable } from '@/lib/index/drivers/db';
import { tokenFacts, type TokenFacts } from '@/lib/server/token/load-token-facts';
import type { IndexAccess } from '@/lib/etherscan/action';
import type { AnswerKeep } from '@/lib/etherscan/envelope';

/** The envelope, its HTTP status, and whether the page cache may keep it (lib/etherscan/envelope.ts). */
export interface TxlistAnswer {
  readonly status: number;
  readonly body: Envelope;
  readonly keep?: AnswerKeep;
}

type Facts = Pick<TokenFacts, 'name' | 'symbol' | 'decimals'>;

/** The token's own answers from its zone's node; unanswered when that node is not reachable. */
async function factsOf(token: `0x${string}`): Promise<Facts> {
  try {
    return await tokenFacts(getChain(zoneOf(token).name), token, 'latest');
  } catch {
    return { name: null, symbol: null, decimals: null };
  }
}

async function tipOf(db: Queryable, address: string): Promise<bigint | null> {
  const [row] = await db.query('SELECT tip::text AS tip FROM index_cursor WHERE chain = $1', [zoneOf(address).name]);
  return row && typeof row.tip === 'string' ? BigInt(row.tip) : null;
}

async function loadTokentx(db: Queryable, query: TxlistQuery): Promise<TxlistAnswer> {
  const items = await addressTokenTransferSlice(db, query.address, {
    offset: (query.page - 1) * query.offset, limit: query.offset, ascending: query.ascending,
    startBlock: query.startBlock, endBlock: query.endBlock, token: query.contract,
    ...(query.action === 'tokennfttx' ? { standard: 'ERC-721' as const } : query.action === 'token1155tx' ? { standard: 'ERC-1155' as const } : {}),
  });
  if (items.length === 0) return { status: 200, body: { status: '0', message: 'No transactions found', result: [] }, keep: 'empty' };
  // The index's stored facts first; the node (through the process cache) only for tokens it has not read yet.
  const tokens = [...new Set(items.filter((i) => i.facts === null).map((i) => i.token))];
  const facts = new Map(await Promise.all(tokens.map(async (t) => [t, await factsOf(t)] as const)));
  const tip = await tipOf(db, query.address);
  const unanswered: Facts = { name: null, symbol: null, decimals: null };
  return { status: 200, body: { status: '1', message: 'OK', result: items.map((i) => etherscanTokenTx(i, i.facts ?? facts.get(i.token) ?? unanswered, tip)) }, keep: 'found' };
}

export async function loadTxlist(query: TxlistQuery, index: IndexAccess): Promise<TxlistAnswer> {
  if (!index.ready) return { status: 503, body: notOk(index.reason) };
  // One answer per indexed block for every caller asking the same (@/lib/server/index/index-version.ts).
  const { action, address, contract, page, offset, ascending, startBlock, endBlock } = query;
  const key = ['txlist', action, address, contract, page, offset, ascending, startBlock, endBlock].map(String).join(':');
  try {
    // A failure is thrown, never kept: the next request asks the index again.
    return await index.perVersion(key, () => readTxlist(index.db, query));
  } catch (error) {
    return { status: 503, body: notOk(`the index did not answer: ${(error as Error).message}`) };
  }
}

async function readTxlist(db: Queryable, query: TxlistQuery): Promise<TxlistAnswer> {
  if (query.action !== 'txlist') return loadTokentx(db, query);
  const items = await historySlice(db, query.address, {
    offset: (query.page - 1) * query.offset, limit: query.offset, ascending: query.ascending,
    startBlock: query.startBlock, endBlock: query.endBlock,
  });
  if (items.length === 0) return { status: 200, body: { status: '0', message: 'No transactions found', result: [] }, keep: 'empty' };
  const tip = await tipOf(db, query.address);
  return { status: 200, body: { status: '1', message: 'OK', result: items.map((i) => etherscanTx(i, tip)) }, keep: 'found' };
}
