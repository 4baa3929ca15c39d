/**
 * GET /api/v1/contract/<address>/input — what "Recompile in this browser" compiles: the verified
 * contract's standard JSON input exactly as stored, with the outputs the comparison reads, its
 * compiler and contract name, and where this explorer serves that compiler build
 * (`/api/v1/solc/soljson-<version>.js`). 400 for a malformed address, 404 when it is not verified
 * here, 503 without an index.
 * Its resolver: lib/server/contracts/resolve-recompile.ts.
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveRecompileInputApi } from '@/lib/server/contracts/resolve-recompile';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveRecompileInputApi);
}
