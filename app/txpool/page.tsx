import { resolveTxpoolIndex } from '@/lib/server/network/resolve-txpool';
import { routeData } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

/** /txpool → the first configured zone's pool (lib/server/network/resolve-txpool.ts). */
export default async function TxpoolIndex() {
  await routeData(resolveTxpoolIndex);
  return null;
}
