/**
 * Whether a request came over https, as Node received it: directly (a TLS socket), or through a
 * TLS-terminating proxy that says so in X-Forwarded-Proto (as servedOverHttps in
 * lib/http/security-headers.ts reads it from a Web request).
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

export function requestOverHttps(request: IncomingMessage): boolean {
  const header = request.headers['x-forwarded-proto'];
  const forwarded = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  return forwarded ? forwarded === 'https' : Boolean((request.socket as TLSSocket).encrypted);
}
