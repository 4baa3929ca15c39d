/**
 * The resolvers of the transaction pool's pages and API (lib/routes/resolver.ts): `/txpool` (to the
 * first configured zone's), `/txpool/<zone>` (what the zone's node holds but has not mined) and
 * `/api/txpool/<zone>`, which the page polls.
 */
import type { Chain, ChainName } from '@/lib/protocol/chains';
import { configuredZones, poolZone } from '@/lib/routes/params/pool-zone';
import { answered, found, missing, redirectTo, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import type { TxpoolView } from '@/lib/network/txpool-view';
import { coalesceByKey } from '@/lib/server/cache/coalesce';
import { describeFailure } from '@/lib/server/node/node-errors';
import { urls } from '@/lib/routes/urls';
import { loadTxpool } from './load-txpool';

const notServed = (name: string) =>
  missing('No transaction pool here', `Transaction pools belong to zones, and “${name}” is not a zone this explorer serves (it serves ${configuredZones().map((z) => z.label).join(', ') || 'none'}).`);

export const resolveTxpoolIndex: Resolver<never> = async () => {
  const zone = configuredZones()[0];
  return zone ? redirectTo(urls.txpool(zone.name)) : missing('No transaction pool here', 'This explorer serves no zone, and only zones have transaction pools.');
};

export const resolveTxpool: Resolver<{ readonly chain: Chain; readonly view: TxpoolView }> = async ({ params }) => {
  const chain = poolZone(params.zone ?? '');
  if (!chain) return notServed(params.zone ?? '');
  return found({ chain, view: await loadTxpool(chain.name) });
};

/** The page's polls of one zone, shared for a second. */
const load = coalesceByKey((zone: ChainName) => loadTxpool(zone), 1_000, 16);

export const resolveTxpoolApi: Resolver<JsonAnswer> = async ({ params }) => {
  const chain = poolZone(params.zone ?? '');
  if (!chain) return answered({ status: 404, body: { error: `“${params.zone ?? ''}” is not a zone served by this explorer.` } });
  try {
    return answered({ status: 200, body: await load(chain.name), headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return answered({ status: 503, body: { error: describeFailure(error) }, headers: { 'Cache-Control': 'no-store' } });
  }
};
