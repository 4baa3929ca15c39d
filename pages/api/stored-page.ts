/**
 * A stored immutable page, sent already compressed (lib/server/serve-immutable.ts explains why).
 * proxy.ts rewrites a stored hit here with the page's key and this process's internal token;
 * anything else is a 404. A Pages Router API route because it is the one handler Next gives
 * Node's own response: there Content-Encoding is kept, and Next's compression leaves an
 * already-encoded body alone. (An app/ route handler's Content-Encoding is dropped.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pageStore } from '@/lib/server/page-store';
import {
  STORED_KEY_HEADER,
  STORED_OUTCOME_HEADER,
  chooseEncoding,
  encodedBody,
  hasInternalToken,
  RENDER_HEADER,
  STORED_HTTPS_HEADER,
  storedHeaders,
} from '@/lib/server/serve-immutable';

export const config = { api: { bodyParser: false, externalResolver: true } };

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export default async function storedPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const key = header(request, STORED_KEY_HEADER);
  const page = key && hasInternalToken(header(request, RENDER_HEADER)) ? await pageStore().get(key) : undefined;
  const encoding = chooseEncoding(header(request, 'accept-encoding'));
  if (!page || !encoding) {
    response.statusCode = 404;
    response.setHeader('Cache-Control', 'no-store');
    response.end();
    return;
  }
  const body = encodedBody(page, encoding);
  const https = header(request, STORED_HTTPS_HEADER) === '1';
  const outcome = header(request, STORED_OUTCOME_HEADER) === 'miss' ? 'miss' : 'hit';
  for (const [name, value] of Object.entries(storedHeaders(page, { https, nodeDown: false, outcome }))) response.setHeader(name, value);
  response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', String(body.length));
  response.statusCode = 200;
  response.end(body);
}
