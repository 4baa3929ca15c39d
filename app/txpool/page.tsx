import { resolveTxpoolIndex } from '@/lib/server/txpool/resolve-txpool';
import { routeData } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

/** /txpool → the first configured zone's pool (lib/server/txpool/resolve-txpool.ts). */
export default async function TxpoolIndex() {
  await routeData(resolveTxpoolIndex);
  return null;
}
