/**
 * A transaction's logs a page at a time: what its page draws (the first LOGS_ON_PAGE, and as many
 * token movements), and the JSON of `/api/v1/tx/<hash>/logs?cursor=<position>` for the rest. One
 * transaction may emit tens of thousands of logs (17,000 in 30 M gas); drawn whole, its page weighed
 * 67 MB. Pure and browser-safe.
 */
import type { Hex } from 'viem';
import { decodeLog, type LogInput } from './events';
import { tokenTransfersOf, type TokenStandard } from './token-transfers';

/**
 * What a transaction page draws of its logs: at most LOGS_ON_PAGE, and fewer when their chain text
 * (topics, data as drawn, decoded values as drawn) passes LOG_TEXT_ON_PAGE characters; the rest are
 * a link away, by cursor. A drawn log weighs about 5 KB of HTML and React's payload beside its text
 * (measured on 4,000 ERC-20 Transfers), so the page stays under about a megabyte whatever the logs.
 */
export const LOGS_ON_PAGE = 100;
export const LOG_TEXT_ON_PAGE = 64_000;
/** Token movements drawn in "Tokens moved" (an ERC-1155 batch log moves many). */
export const MOVES_ON_PAGE = 50;
/** Bytes of a log's data drawn as hex on the page; the whole data is in the JSON. */
export const LOG_DATA_ON_PAGE = 1024;
/** Characters of one decoded value drawn (an argument can hold megabytes: `bytes`, an array of thousands). */
export const VALUE_ON_PAGE = 2_000;
/** The most logs one API page gives (`limit`). */
export const MAX_LOGS_PER_REQUEST = 1000;

/** How many of `logs`, from the first, a transaction page draws (at least one when there is one). */
export function logsToDraw(logs: readonly LogInput[]): number {
  let text = 0;
  const most = Math.min(logs.length, LOGS_ON_PAGE);
  for (let i = 0; i < most; i++) {
    const log = logs[i]!;
    const decoded = decodeLog(log);
    text += log.topics.length * 66 + Math.min(log.data.length, 2 + 2 * LOG_DATA_ON_PAGE);
    if (decoded.decoded) for (const arg of decoded.event.display) text += Math.min(arg.value.length, VALUE_ON_PAGE);
    if (text > LOG_TEXT_ON_PAGE) return Math.max(1, i);
  }
  return most;
}

export interface LogPageQuery {
  /** The position (in the receipt's order) of the first log. */
  readonly cursor: number;
  readonly limit: number;
}

/** `?cursor=&limit=` read strictly: absent is the first page of LOGS_ON_PAGE. */
export function parseLogPageQuery(search: URLSearchParams): LogPageQuery | string {
  const number = (name: string, fallback: number, max: number, min: number): number | string => {
    const raw = search.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) return `${name} must be a whole number from ${min} to ${max}`;
    return Number(raw);
  };
  const cursor = number('cursor', 0, 999_999_999, 0);
  if (typeof cursor === 'string') return cursor;
  const limit = number('limit', LOGS_ON_PAGE, MAX_LOGS_PER_REQUEST, 1);
  if (typeof limit === 'string') return limit;
  return { cursor, limit };
}

export interface LogJson {
  /** Position in the receipt's logs (the cursor of a page starting here). */
  readonly position: number;
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: Hex;
  /** The standard event it is (lib/decode/events.ts), or null with `reason`. */
  readonly event: {
    readonly standard: string;
    readonly signature: string;
    readonly args: readonly { readonly name: string; readonly type: string; readonly value: string; readonly indexed: boolean }[];
  } | null;
  readonly reason: string | null;
  /** The tokens it moved (an ERC-1155 batch moves several), amounts and ids in decimal. */
  readonly tokenTransfers: readonly {
    readonly standard: TokenStandard;
    readonly token: string;
    readonly from: string;
    readonly to: string;
    readonly amount: string;
    readonly tokenId: string | null;
  }[];
}

export interface LogPageJson {
  readonly transaction: string;
  readonly chain: string;
  /** Logs in the receipt. */
  readonly total: number;
  readonly cursor: number;
  readonly items: readonly LogJson[];
  /** The next page's path, or null after the last log. */
  readonly next: string | null;
}

/** One page of `logs` as JSON; `pathOf(cursor)` is the URL of a page starting at `cursor`. */
export function logPage(
  tx: { readonly hash: string; readonly chain: string },
  logs: readonly LogInput[],
  query: LogPageQuery,
  pathOf: (cursor: number, limit: number) => string,
): LogPageJson {
  const end = Math.min(logs.length, query.cursor + query.limit);
  const items: LogJson[] = [];
  for (let position = query.cursor; position < end; position++) {
    const log = logs[position]!;
    const decoded = decodeLog(log);
    items.push({
      position,
      address: log.address,
      topics: log.topics,
      data: log.data,
      event: decoded.decoded
        ? { standard: decoded.event.standard, signature: decoded.event.signature, args: decoded.event.display.map((a) => ({ ...a })) }
        : null,
      reason: decoded.decoded ? null : decoded.reason,
      tokenTransfers: tokenTransfersOf([log]).map((t) => ({
        standard: t.standard, token: t.token, from: t.from, to: t.to, amount: t.amount.toString(), tokenId: t.tokenId?.toString() ?? null,
      })),
    });
  }
  return {
    transaction: tx.hash,
    chain: tx.chain,
    total: logs.length,
    cursor: query.cursor,
    items,
    next: end < logs.length ? pathOf(end, query.limit) : null,
  };
}
