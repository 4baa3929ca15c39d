/**
 * HTTP requests sent as Playwright's APIRequestContext sends them, for a spec that sends thousands
 * (e2e/failures/fuzz.spec.ts): the URL resolved against the base as a browser resolves it, the
 * browser's user agent and Playwright's `accept` and `accept-encoding` (gzip, deflate, brotli)
 * headers, kept-alive connections, no redirect followed, the whole body read and decoded, at most Node's 16 KiB of
 * response headers, 30 s per request. What it leaves out is Playwright's bookkeeping per call (a
 * test step reported to the runner, a log and the body kept until the test ends), which costs
 * the client more CPU than the explorer spends answering: on two cores, the fuzz's own time.
 *
 * One difference: a body is sent as written. Playwright quotes a string that is not JSON as a JSON
 * string when the content type is JSON, so a cut-short body never reached the server as such.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, constants, gunzipSync, inflateSync } from 'node:zlib';
import { devices } from '@playwright/test';

export interface PlainResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** Decoded as the content encoding says. */
  readonly body: Buffer;
}

export interface PlainRequest {
  readonly method: 'GET' | 'POST';
  /** A path and query (resolved against the client's base URL) or an absolute URL. */
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface PlainClient {
  send(request: PlainRequest): Promise<PlainResponse>;
  /** Closes the kept-alive connections. */
  close(): void;
}

/** The test project's browser: the user agent Playwright's request fixture sends. */
const USER_AGENT = devices['Desktop Chrome'].userAgent;
const TIMEOUT_MS = 30_000;

export function plainClient(baseURL: string): PlainClient {
  const agent = new Agent({ keepAlive: true });
  return {
    send: (request) => send(agent, baseURL, request),
    close: () => agent.destroy(),
  };
}

function send(agent: Agent, baseURL: string, { method, url, headers = {}, body }: PlainRequest): Promise<PlainResponse> {
  return new Promise<PlainResponse>((resolve, reject) => {
    const target = new URL(url, baseURL);
    const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
    const outgoing = httpRequest(
      target,
      {
        method,
        agent,
        headers: {
          'user-agent': USER_AGENT,
          accept: '*/*',
          'accept-encoding': 'gzip,deflate,br',
          ...headers,
          ...(payload ? { 'content-length': String(payload.byteLength) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('aborted', () => reject(new Error('aborted')));
        response.on('error', reject);
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: decode(Buffer.concat(chunks), response.headers['content-encoding']) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    outgoing.setTimeout(TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS / 1_000} s`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The body as Playwright decodes it: leniently at the end of a stream, and an empty body as empty. */
function decode(raw: Buffer, encoding: string | undefined): Buffer {
  if (raw.byteLength === 0) return raw;
  try {
    switch (encoding?.toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(raw, { finishFlush: constants.Z_SYNC_FLUSH });
      case 'br':
        return brotliDecompressSync(raw, { finishFlush: constants.BROTLI_OPERATION_FLUSH });
      case 'deflate':
        return inflateSync(raw);
      default:
        return raw;
    }
  } catch (error) {
    throw new Error(`failed to decompress '${encoding}' encoding: ${(error as Error).message}`);
  }
}
