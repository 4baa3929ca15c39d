/**
 * One chain's JSON-RPC endpoint over node:http: the envelope of spec §4.1, batch arrays, and the
 * transport errors go-ethereum's server gives (which go-quai inherits): HTTP 415 for a body that is
 * not declared application/json, HTTP 413 above 5 MB, HTTP 405 for anything but POST.
 * What the methods do lives in ./methods.ts; this file only moves JSON.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExecutionError } from '../execution/api';
import { INVALID_REQUEST, PARSE_ERROR, RpcError, SERVER_ERROR } from './errors';

/** geth's default http body limit (node/rpcstack.go: 5 MB). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** geth's default batch item limit. */
export const MAX_BATCH_ITEMS = 1000;

export type Dispatch = (method: string, params: readonly unknown[]) => Promise<unknown>;

export interface RpcServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

type Id = string | number | null;
interface Reply {
  jsonrpc: '2.0';
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

function errorReply(id: Id, error: unknown): Reply {
  if (error instanceof RpcError) {
    return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } };
  }
  if (error instanceof ExecutionError) {
    return { jsonrpc: '2.0', id, error: { code: SERVER_ERROR, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { jsonrpc: '2.0', id, error: { code: SERVER_ERROR, message } };
}

function validId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Handle one request object; undefined for a notification (no id), which gets no reply. */
async function handleOne(message: unknown, dispatch: Dispatch): Promise<Reply | undefined> {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return errorReply(null, new RpcError(INVALID_REQUEST, 'invalid request'));
  }
  const m = message as Record<string, unknown>;
  const isNotification = !('id' in m);
  const id: Id = validId(m.id) ? m.id : null;
  if (!isNotification && !validId(m.id)) return errorReply(null, new RpcError(INVALID_REQUEST, 'invalid request: bad id'));
  if (m.jsonrpc !== '2.0') return errorReply(id, new RpcError(INVALID_REQUEST, 'invalid request: jsonrpc must be "2.0"'));
  if (typeof m.method !== 'string' || m.method === '') return errorReply(id, new RpcError(INVALID_REQUEST, 'invalid request: missing method'));
  let params: readonly unknown[] = [];
  if (m.params !== undefined && m.params !== null) {
    if (!Array.isArray(m.params)) return errorReply(id, new RpcError(-32602, 'non-array args'));
    params = m.params;
  }
  let reply: Reply;
  try {
    const result = await dispatch(m.method, params);
    reply = { jsonrpc: '2.0', id, result: result === undefined ? null : result };
  } catch (error) {
    reply = errorReply(id, error);
  }
  return isNotification ? undefined : reply;
}

/** The JSON body's reply (or undefined when it held only notifications). Exported for in-process use. */
export async function handleBody(body: string, dispatch: Dispatch): Promise<Reply | Reply[] | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return errorReply(null, new RpcError(PARSE_ERROR, `parse error: ${error instanceof Error ? error.message : 'invalid JSON'}`));
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return errorReply(null, new RpcError(INVALID_REQUEST, 'empty batch'));
    if (parsed.length > MAX_BATCH_ITEMS) return errorReply(null, new RpcError(SERVER_ERROR, 'batch too large'));
    const replies = await Promise.all(parsed.map((item) => handleOne(item, dispatch)));
    return replies.filter((r): r is Reply => r !== undefined);
  }
  return handleOne(parsed, dispatch);
}

function send(res: ServerResponse, status: number, body: string, contentType = 'application/json'): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || type === 'application/json-rpc' || type === 'application/jsonrequest';
}

async function onRequest(req: IncomingMessage, res: ServerResponse, dispatch: Dispatch): Promise<void> {
  res.setHeader('access-control-allow-origin', '*');
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-headers', 'content-type');
    res.setHeader('access-control-allow-methods', 'POST');
    send(res, 204, '');
    return;
  }
  if (req.method !== 'POST') {
    send(res, 405, 'method not allowed\n', 'text/plain');
    return;
  }
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) {
    send(res, 413, `content length too large (${declared}>${MAX_BODY_BYTES})\n`, 'text/plain');
    req.resume();
    return;
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    send(res, 415, 'invalid content type, only application/json is supported\n', 'text/plain');
    req.resume();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      // Chunked bodies carry no content-length; refuse as soon as they pass the limit.
      send(res, 413, `content length too large (>${MAX_BODY_BYTES})\n`, 'text/plain');
      req.destroy();
      return;
    }
    chunks.push(buffer);
  }
  const reply = await handleBody(Buffer.concat(chunks).toString('utf8'), dispatch);
  send(res, 200, reply === undefined ? '' : JSON.stringify(reply));
}

export async function startRpcServer(host: string, port: number, dispatch: Dispatch): Promise<RpcServer> {
  const server = createServer((req, res) => {
    onRequest(req, res, dispatch).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, JSON.stringify(errorReply(null, error)));
    });
  });
  // Idle keep-alive connections are closed by the client, never by the server: a server timeout
  // races the client's reuse of the socket, and on a loaded machine the client's timer fires late
  // and sends on a socket the server has just closed (undici's "other side closed" mid-test).
  // server.close() still closes idle connections (Node >= 19).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
