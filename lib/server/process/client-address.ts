/**
 * Tells proxy.ts which client a request comes from (the rate limit's key), in a header it can
 * trust. proxy.ts sees only the headers Next hands it, not the socket, and X-Forwarded-For is
 * whatever the client wrote unless a trusted proxy wrote it. So this runs where the socket is
 * known — http.Server's 'request' event, installed by instrumentation.ts in `next start` and the
 * standalone server alike — and sets CLIENT_HEADER from the socket's address and the trusted
 * proxies' hops (clientKey, lib/http/rate-limit.ts), overwriting any value a client sent.
 */
import { Server, type IncomingMessage } from 'node:http';
import { CLIENT_HEADER, clientKey, rateLimiter } from '@/lib/http/rate-limit';

/** Sets CLIENT_HEADER on `request`, replacing whatever the client sent under that name. */
export function markClient(request: IncomingMessage, trustedProxies: number): void {
  const forwarded = request.headers['x-forwarded-for'];
  const forwardedFor = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  request.headers[CLIENT_HEADER] = clientKey(forwardedFor, request.socket.remoteAddress, trustedProxies);
}

const INSTALLED = Symbol.for('strata.server.client-address');

/** Wraps http.Server's 'request' event; install last, so that it runs before every other wrapper. */
export function installClientAddress(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  // Read once: a bad STRATA_TRUSTED_PROXIES has already stopped the start (lib/server/process/start-config.ts).
  const { trustedProxies } = rateLimiter().config;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  const markingEmit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') markClient(args[0] as IncomingMessage, trustedProxies);
    return emit.call(this, event, ...args);
  };
  proto.emit = markingEmit as typeof proto.emit;
}
