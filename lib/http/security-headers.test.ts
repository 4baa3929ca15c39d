import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { PRE_PAINT_SCRIPT } from '@/lib/http/theme-script';
import { apiSecurityHeaders, BASE_SECURITY_HEADERS, contentSecurityPolicy, HSTS_VALUE, makeNonce, PRE_PAINT_HASH, scriptHash, servedOverHttps } from './security-headers';
// @ts-expect-error -- next.config.mjs is plain JavaScript without types
import { HSTS, SECURITY_HEADERS } from '../../next.config.mjs';

describe('security headers', () => {
  test('a script hash is the base64 SHA-256 the browser computes over the exact text', () => {
    const expected = createHash('sha256').update(PRE_PAINT_SCRIPT, 'utf8').digest('base64');
    expect(PRE_PAINT_HASH).toBe(`'sha256-${expected}'`);
    expect(scriptHash('é')).toBe(`'sha256-${createHash('sha256').update('é', 'utf8').digest('base64')}'`);
  });

  test('scripts: self, the nonce and hashes, never unsafe-inline; nothing may frame the page', () => {
    const nonce = makeNonce();
    const csp = contentSecurityPolicy({ nonce });
    const script = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
    expect(script).toBe(`script-src 'self' 'nonce-${nonce}' ${PRE_PAINT_HASH}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(makeNonce()).not.toBe(nonce);
    expect(contentSecurityPolicy({ dev: true })).toContain("'unsafe-eval'");
  });

  test('https: from the socket or a TLS-terminating proxy, never assumed', () => {
    expect(servedOverHttps(new URL('http://x/'), new Headers({ 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(servedOverHttps(new URL('https://x/'), new Headers())).toBe(true);
    expect(servedOverHttps(new URL('https://x/'), new Headers({ 'x-forwarded-proto': 'http' }))).toBe(false);
    expect(servedOverHttps(new URL('http://x/'), new Headers())).toBe(false);
  });

  test('an API answer: the base headers and a CSP that loads, runs and frames nothing; HSTS over https only', () => {
    const headers = apiSecurityHeaders(false);
    expect(headers).toMatchObject(BASE_SECURITY_HEADERS);
    expect(headers['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(headers['Strict-Transport-Security']).toBeUndefined();
    expect(apiSecurityHeaders(true)['Strict-Transport-Security']).toBe(HSTS_VALUE);
  });

  test('next.config.mjs sends the same headers on every other route', () => {
    const fromConfig = Object.fromEntries((SECURITY_HEADERS as Array<{ key: string; value: string }>).map((h) => [h.key, h.value]));
    expect(fromConfig).toEqual(BASE_SECURITY_HEADERS);
    expect((HSTS as { value: string }).value).toBe(HSTS_VALUE);
  });
});
