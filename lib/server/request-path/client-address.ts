/**
 * Who is asking, said in a header the rest of the path can trust, because server.ts's first stage
 * (./request-start.ts) overwrites whatever a client sent under its name: CLIENT_HEADER, the
 * client's address, the rate limit's key (lib/http/rate-limit.ts), from the socket and the
 * trusted proxies' hops (clientKey), since proxy.ts sees only the headers Next hands it, never
 * the socket.
 */
import type { IncomingMessage } from 'node:http';
import { CLIENT_HEADER, clientKey, type RateLimitConfig } from '@/lib/http/rate-limit';

/** STRATA_TRUSTED_PROXIES and STRATA_RATE_IPV6_PREFIX, checked at start (lib/server/process/start-config.ts). */
export type ClientRules = Pick<RateLimitConfig, 'trustedProxies' | 'ipv6Prefix'>;

/** Sets CLIENT_HEADER on `request`, replacing whatever the client sent under that name; returns it. */
export function markClient(request: IncomingMessage, rules: ClientRules): string {
  const forwarded = request.headers['x-forwarded-for'];
  const forwardedFor = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  const client = clientKey(forwardedFor, request.socket.remoteAddress, rules.trustedProxies, rules.ipv6Prefix);
  request.headers[CLIENT_HEADER] = client;
  return client;
}
