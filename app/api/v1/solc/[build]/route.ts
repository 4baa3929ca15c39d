/**
 * GET /api/v1/solc/<build> — for "Recompile in this browser": a solc build this explorer has, by
 * its long version (`v0.8.37+commit.a2f4bc8f`; lib/server/contracts/solc/solc-builds.ts; 404 for one it
 * has not: never fetched from elsewhere), kept by browsers for a year (a build never changes under
 * its version); and `worker`, the classic worker that loads a build and compiles, with a policy
 * that lets it load scripts from here and compile the build's WebAssembly, nothing else.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { NextResponse, type NextRequest } from 'next/server';
import { SOLC_WORKER_CONTENT_SECURITY_POLICY } from '@/lib/http/security-headers';
import { SOLC_VERSION, SOLC_WORKER_SOURCE, solcBuildFile } from '@/lib/server/contracts/solc/solc-builds';

export const dynamic = 'force-dynamic';

export async function GET(_request: NextRequest, { params }: { params: Promise<{ build: string }> }) {
  const { build } = await params;
  if (build === 'worker') {
    return new Response(SOLC_WORKER_SOURCE, {
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
        // proxy.ts sets the same (lib/http/security-headers.ts): every /api answer's headers are its.
        'Content-Security-Policy': SOLC_WORKER_CONTENT_SECURITY_POLICY,
      },
    });
  }
  if (!SOLC_VERSION.test(build)) {
    return NextResponse.json({ error: `"${build.slice(0, 80)}" is not a solc long version (v0.8.37+commit.a2f4bc8f) or worker` }, { status: 400 });
  }
  const path = await solcBuildFile(build);
  if (!path) return NextResponse.json({ error: `this explorer has no solc ${build} (the installed solc, STRATA_SOLC_DIR and the download cache)` }, { status: 404 });
  const { size } = await stat(path);
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Length': String(size), 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
}
