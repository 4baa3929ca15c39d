/**
 * Etherscan's two answer shapes, as its clients read them: `{ status: "1", message: "OK", result }`
 * (status "0" with a message on a miss or an error), and for module=proxy JSON-RPC's
 * `{ jsonrpc: "2.0", id: 1, result }` or `{ jsonrpc: "2.0", id: 1, error: { code, message, data } }`.
 * A bad parameter is HTTP 400 with `{ status: "0", message: "NOTOK", result: "Error! …" }` in
 * either module; a node that is down is 503 and a node's answer that fails its checks is 502.
 */
import { notOk, type Envelope } from '@/lib/history/etherscan';

export { notOk, type Envelope };

export interface EtherscanAnswer {
  readonly status: number;
  readonly body: unknown;
  /** Beside Content-Type: Retry-After on a 429 or 503 of the verification queue. */
  readonly headers?: Readonly<Record<string, string>>;
}

export const ok = (result: unknown, message = 'OK'): EtherscanAnswer => ({ status: 200, body: { status: '1', message, result } });

/** status "0" with Etherscan's message for an empty answer ("No transactions found", "No records found"). */
export const none = (message: string, result: unknown = []): EtherscanAnswer => ({ status: 200, body: { status: '0', message, result } });

export const bad = (message: string, status = 400): EtherscanAnswer => ({ status, body: notOk(message) });

export const rpcResult = (result: unknown): EtherscanAnswer => ({ status: 200, body: { jsonrpc: '2.0', id: 1, result } });

export const rpcError = (code: number, message: string, data?: unknown): EtherscanAnswer => ({
  status: 200,
  body: { jsonrpc: '2.0', id: 1, error: data === undefined ? { code, message } : { code, message, data } },
});
