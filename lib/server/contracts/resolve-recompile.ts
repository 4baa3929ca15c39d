/**
 * The resolvers of "Recompile in this browser" (lib/routes/resolver.ts):
 * `/api/v1/contract/<address>/input`, a verified contract's standard JSON input as stored
 * (./recompile-input.ts), and `/api/v1/solc/<build>`, a compiler build this explorer has
 * (./solc/solc-builds.ts; never fetched from elsewhere) or `worker`, the classic worker that loads one.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { isAddress, type Address } from 'viem';
import { SOLC_WORKER_CONTENT_SECURITY_POLICY } from '@/lib/http/security-headers';
import { answered, streamed, type JsonAnswer, type Resolver, type StreamAnswer } from '@/lib/routes/resolver';
import { recompileInput } from './recompile-input';
import { SOLC_VERSION, SOLC_WORKER_SOURCE, solcBuildFile } from './solc/solc-builds';

export const resolveRecompileInputApi: Resolver<JsonAnswer> = async ({ params }) => {
  const raw = params.address ?? '';
  if (!isAddress(raw, { strict: false })) return answered({ status: 400, body: { error: `"${raw.slice(0, 60)}" is not an address` } });
  const found = await recompileInput(raw.toLowerCase() as Address);
  if (found.kind === 'unavailable') return answered({ status: 503, body: { error: found.reason } });
  if (found.kind === 'unverified') return answered({ status: 404, body: { error: `${raw.toLowerCase()} is not verified on this explorer` } });
  return answered({ status: 200, body: found.input, headers: { 'Cache-Control': 'no-store' } });
};

export const resolveSolcApi: Resolver<JsonAnswer | StreamAnswer> = async ({ params }) => {
  const build = params.build ?? '';
  if (build === 'worker') {
    return streamed({
      status: 200,
      stream: SOLC_WORKER_SOURCE,
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
        // proxy.ts sets the same (lib/http/security-headers.ts): every /api answer's headers are its.
        'Content-Security-Policy': SOLC_WORKER_CONTENT_SECURITY_POLICY,
      },
    });
  }
  if (!SOLC_VERSION.test(build)) {
    return answered({ status: 400, body: { error: `"${build.slice(0, 80)}" is not a solc long version (v0.8.37+commit.a2f4bc8f) or worker` } });
  }
  const path = await solcBuildFile(build);
  if (!path) return answered({ status: 404, body: { error: `this explorer has no solc ${build} (the installed solc, STRATA_SOLC_DIR and the download cache)` } });
  const { size } = await stat(path);
  // A build never changes under its version: browsers keep it for a year.
  return streamed({
    status: 200,
    stream: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Length': String(size), 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
};
