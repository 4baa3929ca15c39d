/**
 * Who is asking, said in headers the rest of the path can trust, because this stage (the first
 * of server.ts's) overwrites whatever a client sent under their names:
 *
 *   CLIENT_HEADER   the client's address, the rate limit's key (lib/http/rate-limit.ts): from
 *                   the socket and the trusted proxies' hops (clientKey), since proxy.ts sees only
 *                   the headers Next hands it, never the socket
 *   RENDER_HEADER   '1' on this process's own renders for the page cache (they carry its token,
 *                   lib/server/page-cache/render.ts), absent on every other request
 */
import type { IncomingMessage } from 'node:http';
import { CLIENT_HEADER, clientKey, type RateLimitConfig } from '@/lib/http/rate-limit';
import { RENDER_HEADER } from '@/lib/server/page-cache/internal-render';
import { carriesRenderToken } from '@/lib/server/page-cache/render';
import type { Stage } from '@/lib/http/stage';

export type ClientRules = Pick<RateLimitConfig, 'trustedProxies' | 'ipv6Prefix'>;

/** Sets CLIENT_HEADER on `request`, replacing whatever the client sent under that name. */
export function markClient(request: IncomingMessage, rules: ClientRules): void {
  const forwarded = request.headers['x-forwarded-for'];
  const forwardedFor = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  request.headers[CLIENT_HEADER] = clientKey(forwardedFor, request.socket.remoteAddress, rules.trustedProxies, rules.ipv6Prefix);
}

/** Marks this process's renders and nothing else. */
export function markRender(request: IncomingMessage): void {
  const render = carriesRenderToken(request.headers[RENDER_HEADER]);
  delete request.headers[RENDER_HEADER];
  if (render) request.headers[RENDER_HEADER] = '1';
}

/** `rules`: STRATA_TRUSTED_PROXIES and STRATA_RATE_IPV6_PREFIX, checked at start (lib/server/process/start-config.ts). */
export function clientAddress(rules: ClientRules): Stage {
  return (request, _response, next) => {
    markClient(request, rules);
    markRender(request);
    next();
  };
}
