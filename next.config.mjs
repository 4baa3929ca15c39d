/**
 * Security headers on every response, including the API and static files. Pages also get their
 * Content-Security-Policy (with a per-request nonce) and HSTS from proxy.ts; the values here are
 * lib/http/security-headers.ts's BASE_SECURITY_HEADERS and HSTS_VALUE (a test keeps them equal:
 * this file cannot import TypeScript).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()' },
  { key: 'X-Frame-Options', value: 'DENY' },
];
const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' };

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Types are checked by `npm run typecheck` (Next's route types from `next typegen`, then tsc over
  // the whole project), which `npm test` and CI run before any build: the build does not repeat it
  // (45 s of every build on two cores, minutes under load, and the first `npm start`).
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // This folder, not a parent with another lock file: server.js lands at .next/standalone/server.js.
  outputFileTracingRoot: dirname(fileURLToPath(import.meta.url)),
  // The devnet and the codecs import Node-only EVM packages, and the index its database drivers
  // (PGlite loads its WebAssembly and data files from its package directory): keep them out of the bundle.
  // ioredis (REDIS_URL) is loaded by proxy.ts too: kept as a plain Node package, not bundled.
  // The operations libraries likewise: prom-client's registry and pino's output streams are one
  // per process (a copy bundled into each route would be another module instance), pino-pretty
  // is loaded only when stdout is a terminal, and rate-limiter-flexible requires its stores lazily.
  serverExternalPackages: [
    '@ethereumjs/evm',
    '@ethereumjs/statemanager',
    '@ethereumjs/mpt',
    '@electric-sql/pglite',
    'pg',
    'ioredis',
    'prom-client',
    'pino',
    'pino-pretty',
    'rate-limiter-flexible',
    // solc (verification) runs on worker threads that require it by name (lib/server/contracts/solc/solc-thread.ts).
    'solc',
    // evmole (functions read from bytecode) loads its WebAssembly from its own package directory.
    'evmole',
  ],
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      // Only when the request came over https (directly or via a TLS-terminating proxy).
      { source: '/:path*', has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: [HSTS] },
    ];
  },
};

export { SECURITY_HEADERS, HSTS, nextConfig };

/**
 * The build also writes one folder to ship: .next/standalone (server.js and the node_modules it
 * needs; scripts/standalone-assets.mjs adds the browser assets and makes server.js Strata's). Only
 * the build is told so: a server started with next() (server.ts, the one every start runs) under
 * `output: 'standalone'` warns that "next start" does not work with it.
 */
export default function config(phase) {
  // next/constants' PHASE_PRODUCTION_BUILD, written out: the standalone folder, where this file is
  // read again at start, does not carry next/constants.js.
  return phase === 'phase-production-build' ? { ...nextConfig, output: 'standalone' } : nextConfig;
}
