/**
 * GET /api/v1/contract/<address> — a verified contract's source, settings and ABI as JSON (the
 * VerifiedContract shape, lib/contracts/types.ts; README). 400 for a malformed address, 404 when it is
 * not verified here, 503 without an index (verification lives in its database).
 * Its resolver: lib/server/contracts/resolve-verify.ts.
 */
import { resolveContractApi } from '@/lib/server/contracts/resolve-verify';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveContractApi);
}
