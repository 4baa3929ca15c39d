/** GET /api/v1/openapi.json — the OpenAPI 3.1 document of /api/v1 and the Etherscan actions (lib/server/etherscan/resolve-api-docs.ts). */
import { resolveOpenApi } from '@/lib/server/etherscan/resolve-api-docs';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveOpenApi);
}
