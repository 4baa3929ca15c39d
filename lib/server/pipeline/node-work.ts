/**
 * Which requests spend a client's rate-limit budget (lib/http/rate-limit.ts counts it): proxy.ts
 * asks before it spends one, and the page cache never keeps their answers. Here, above both the
 * route table and the Etherscan action registry, because it reads both.
 */
import { findEtherscanAction } from '@/lib/etherscan/registry';
import type { RouteDef } from '@/lib/routes/table';

/**
 * The requests that make the node work for the caller, and so are limited: the routes of the
 * "node-work" class in the route table (lib/routes/table.ts): search (a hash is looked up on
 * every chain), broadcasting, contract calls, dry runs and approvals (the API, and the address
 * page's Approvals tab); on an Etherscan base also the GET of an action of that class (eth_call,
 * eth_estimateGas, eth_sendRawTransaction, tokenbalance, balancemulti), named by `search`. `route`:
 * the request's route as server.ts's first stage matched it.
 */
export function isNodeWorkRoute(method: string, route: RouteDef | undefined, search?: URLSearchParams): boolean {
  const limit = route?.rateLimit;
  if (limit?.class !== 'node-work') return false;
  if (limit.when && !limit.when(search ?? new URLSearchParams())) return false;
  if (limit.methods === 'any' || limit.methods.includes(method)) return true;
  return limit.etherscanActions === true && search !== undefined && findEtherscanAction(search)?.rateLimit === 'node-work';
}
