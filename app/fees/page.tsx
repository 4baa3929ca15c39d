import { resolveFeesIndex } from '@/lib/server/network/resolve-fees';
import { routeData } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

/** /fees → the first configured zone's fees (zones carry the transactions), else the first chain (lib/server/network/resolve-fees.ts). */
export default async function FeesIndex() {
  await routeData(resolveFeesIndex);
  return null;
}
