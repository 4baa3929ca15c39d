/**
 * GET /api/v1/solc/<build> — for "Recompile in this browser": a solc build this explorer has, by
 * its long version (`v0.8.37+commit.a2f4bc8f`; lib/server/contracts/solc/solc-builds.ts; 404 for one it
 * has not: never fetched from elsewhere), kept by browsers for a year (a build never changes under
 * its version); and `worker`, the classic worker that loads a build and compiles, with a policy
 * that lets it load scripts from here and compile the build's WebAssembly, nothing else.
 * Its resolver: lib/server/contracts/resolve-recompile.ts.
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveSolcApi } from '@/lib/server/contracts/resolve-recompile';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveSolcApi);
}
