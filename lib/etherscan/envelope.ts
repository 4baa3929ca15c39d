/**
 * Etherscan's two answer shapes, as its clients read them: `{ status: "1", message: "OK", result }`
 * (status "0" with a message on a miss or an error), and for module=proxy JSON-RPC's
 * `{ jsonrpc: "2.0", id: 1, result }` or `{ jsonrpc: "2.0", id: 1, error: { code, message, data } }`.
 * A bad parameter is HTTP 400 with `{ status: "0", message: "NOTOK", result: "Error! …" }` in
 * either module; a node that is down is 503 and a node's answer that fails its checks is 502.
 */
import { notOk, type Envelope } from '@/lib/history/etherscan';

export { notOk, type Envelope };

/**
 * Whether the page cache may keep an answer, said by the action that made it (Etherscan's clients
 * read the status inside the body, so a failure is often HTTP 200 too): `found` is the chain's
 * answer with what was asked, kept by the action's cache policy whatever it is; `empty` is the
 * chain's answer that there is nothing (yet) — kept while it follows the tip or the index, never
 * for good, as a block or transaction not seen yet may be answered later. Without it (a bad
 * parameter, a JSON-RPC error, a node's or the index's failure) an answer is never kept.
 */
export type AnswerKeep = 'found' | 'empty';

export interface EtherscanAnswer {
  readonly status: number;
  readonly body: unknown;
  /** Beside Content-Type: Retry-After on a 429 or 503 of the verification queue. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly keep?: AnswerKeep;
}

export const ok = (result: unknown, message = 'OK'): EtherscanAnswer => ({ status: 200, body: { status: '1', message, result }, keep: 'found' });

/** status "0" with Etherscan's message for an empty answer ("No transactions found", "No records found"). */
export const none = (message: string, result: unknown = []): EtherscanAnswer => ({ status: 200, body: { status: '0', message, result }, keep: 'empty' });

export const bad = (message: string, status = 400): EtherscanAnswer => ({ status, body: notOk(message) });

/** JSON-RPC's answer; `null` (a block or transaction the node does not have) is an empty one. */
export const rpcResult = (result: unknown): EtherscanAnswer => ({ status: 200, body: { jsonrpc: '2.0', id: 1, result }, keep: result === null || result === undefined ? 'empty' : 'found' });

export const rpcError = (code: number, message: string, data?: unknown): EtherscanAnswer => ({
  status: 200,
  body: { jsonrpc: '2.0', id: 1, error: data === undefined ? { code, message } : { code, message, data } },
});
