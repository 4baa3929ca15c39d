/**
 * The security headers of every response, and the Content-Security-Policy of every HTML page.
 *
 * Scripts: no 'unsafe-inline'. A rendered page's inline scripts (Next's flight data, one per
 * streamed chunk, different on every page) carry the request's nonce, which proxy.ts makes for
 * each request and hands to Next in the request's CSP header (Next reads it from there). The few
 * inline scripts the explorer writes itself are static text and allowed by their SHA-256 hash
 * instead, so they need no nonce plumbing and stay valid in a stored copy of a page.
 * External scripts come from 'self' (/_next/static). No 'strict-dynamic': Next loads its route
 * chunks by URL, which 'self' already covers.
 *
 * Styles keep 'unsafe-inline': React writes style attributes (bar widths, chart geometry) and the
 * status pages inline their stylesheet; the issue asks for scripts without it, and an injected
 * style cannot run code.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { PRE_PAINT_SCRIPT } from '@/lib/http/theme-script';

/** 'sha256-…' source expression of an inline script's exact text. */
export function scriptHash(text: string): string {
  const digest = sha256(utf8ToBytes(text));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

/** The pre-paint theme script of app/layout.tsx and the status pages. */
export const PRE_PAINT_HASH = scriptHash(PRE_PAINT_SCRIPT);

export interface CspOptions {
  /** The request's nonce, for the scripts Next renders. */
  readonly nonce?: string;
  /** Hashes of further inline scripts (always includes the pre-paint script's). */
  readonly scriptHashes?: readonly string[];
  /** next dev evaluates code for its overlay and fast refresh; never in production. */
  readonly dev?: boolean;
}

export function contentSecurityPolicy({ nonce, scriptHashes = [], dev = false }: CspOptions = {}): string {
  const script = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), PRE_PAINT_HASH, ...scriptHashes, ...(dev ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${[...new Set(script)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? ' ws:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh nonce: 128 random bits, base64. */
export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Headers for every response (HTML, JSON, static files): next.config.mjs sends them on all
 * routes, proxy.ts on the documents it answers itself.
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Nothing here needs a device or a sensor; the explorer is never framed (also frame-ancestors).
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
};

/** Two years, subdomains included: only ever sent on a response that came over https. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/**
 * Was this request served over https? Directly, or through a TLS-terminating proxy that says so
 * in X-Forwarded-Proto (Next fills it in from the socket when no proxy did).
 */
export function servedOverHttps(url: URL, headers: Headers): boolean {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded ? forwarded === 'https' : url.protocol === 'https:';
}

/** Every header an HTML document needs. */
export function htmlSecurityHeaders(csp: string, https: boolean): Record<string, string> {
  return { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': csp, ...(https ? { 'Strict-Transport-Security': HSTS_VALUE } : {}) };
}

/**
 * The CSP of a JSON answer: it loads nothing, runs nothing and is framed by no one. A browser
 * that is led to open one (or sniffs it as HTML despite nosniff) gets a document that can do nothing.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The one API answer that runs: the browser's compile worker (/api/v1/solc/worker, "Recompile in
 * this browser"). It may load scripts from this origin (the solc build it is told to) and compile
 * their WebAssembly, fetch from this origin, and nothing else.
 */
export const SOLC_WORKER_PATH = '/api/v1/solc/worker';
export const SOLC_WORKER_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Every header an API answer needs (proxy.ts sets them on all of /api, 404s and its own 400s and 429s included); `pathname` picks the worker's policy. */
export function apiSecurityHeaders(https: boolean, pathname?: string): Record<string, string> {
  return htmlSecurityHeaders(pathname === SOLC_WORKER_PATH ? SOLC_WORKER_CONTENT_SECURITY_POLICY : API_CONTENT_SECURITY_POLICY, https);
}
