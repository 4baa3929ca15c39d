/**
 * Every route's resolver, under the name the route table gives it (lib/routes/table.ts,
 * `resolver`): the type fails to check when a name has no resolver here or a resolver no route,
 * and lib/routes/routes.test.ts when a kept route has none. A new route's resolver is one line
 * here (docs/architecture.md, "Where a new thing goes").
 */
import type { Resolver } from '@/lib/routes/resolver';
import type { ResolverName, RouteDef } from '@/lib/routes/table';
import { resolveAddress } from '@/lib/server/address/resolve-address';
import { resolveAnyChainBlock } from '@/lib/server/block/resolve-any-chain';
import { resolveBlock, resolveChain, resolveUncle } from '@/lib/server/block/resolve-block';
import { resolveApiDocs, resolveOpenApi } from '@/lib/server/etherscan/resolve-api-docs';
import { resolveEtherscan } from '@/lib/server/etherscan/resolve-etherscan';
import { resolveHistoryApi, resolveInternalTransfersApi, resolveTokenTransfersApi } from '@/lib/server/history/resolve-history-api';
import { resolveNetwork } from '@/lib/server/network/resolve-network';
import { resolveHome } from '@/lib/server/tips/resolve-home';
import { resolveToken } from '@/lib/server/token/resolve-token';
import { resolveTx, resolveTxInBlock } from '@/lib/server/tx/resolve-tx';

export const RESOLVERS = {
  home: resolveHome,
  network: resolveNetwork,
  'api-docs': resolveApiDocs,
  address: resolveAddress,
  token: resolveToken,
  chain: resolveChain,
  'any-chain-block': resolveAnyChainBlock,
  block: resolveBlock,
  uncle: resolveUncle,
  tx: resolveTx,
  'tx-in-block': resolveTxInBlock,
  etherscan: resolveEtherscan,
  'history-api': resolveHistoryApi,
  'token-transfers-api': resolveTokenTransfersApi,
  'internal-transfers-api': resolveInternalTransfersApi,
  openapi: resolveOpenApi,
} satisfies Record<ResolverName, Resolver<unknown>>;

/** The resolver of `route`, when it has one. */
export function resolverOf(route: RouteDef | undefined): Resolver<unknown> | undefined {
  const name = route?.resolver as ResolverName | undefined;
  return name === undefined ? undefined : RESOLVERS[name];
}
