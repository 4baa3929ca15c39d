/**
 * Who is asking, said in headers the rest of the path can trust, because server.ts's first stage
 * (./request-start.ts) overwrites whatever a client sent under their names:
 *
 *   CLIENT_HEADER   the client's address, the rate limit's key (lib/http/rate-limit.ts): from
 *                   the socket and the trusted proxies' hops (clientKey), since proxy.ts sees only
 *                   the headers Next hands it, never the socket
 *   RENDER_HEADER   '1' on this process's own renders for the page cache (they carry its token,
 *                   lib/server/page-cache/render.ts), absent on every other request
 */
import type { IncomingMessage } from 'node:http';
import { CLIENT_HEADER, clientKey } from '@/lib/http/rate-limit';
import { RENDER_HEADER } from '@/lib/server/page-cache/internal-render';
import { carriesRenderToken } from '@/lib/server/page-cache/render';

/** Sets CLIENT_HEADER on `request`, replacing whatever the client sent under that name. */
export function markClient(request: IncomingMessage, trustedProxies: number): void {
  const forwarded = request.headers['x-forwarded-for'];
  const forwardedFor = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  request.headers[CLIENT_HEADER] = clientKey(forwardedFor, request.socket.remoteAddress, trustedProxies);
}

/** Marks this process's renders and nothing else. */
export function markRender(request: IncomingMessage): void {
  const render = carriesRenderToken(request.headers[RENDER_HEADER]);
  delete request.headers[RENDER_HEADER];
  if (render) request.headers[RENDER_HEADER] = '1';
}

