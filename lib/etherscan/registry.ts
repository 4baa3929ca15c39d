/**
 * Etherscan's `/api` actions, by the `module` and `action` a request names: what the page cache
 * reads to know how an action's answer may be kept (lib/server/page-cache/plan.ts). For now it
 * lists the one action the cache keeps (txlist, per index version); every other action is answered
 * per request by app/api/route.ts.
 */
import type { CachePolicy } from '@/lib/routes/cache-policy';

export interface EtherscanAction {
  readonly module: string;
  readonly action: string;
  /** The parameters it reads besides `module` and `action`: a kept answer is keyed by these. */
  readonly params: readonly { readonly name: string }[];
  readonly cache: CachePolicy;
}

export const ETHERSCAN_ACTIONS: readonly EtherscanAction[] = [
  {
    module: 'account',
    action: 'txlist',
    params: ['address', 'startblock', 'endblock', 'page', 'offset', 'sort'].map((name) => ({ name })),
    cache: 'per-index-version',
  },
];

/** The action a request names by its `module` and `action` parameters; undefined when it names none. */
export function findEtherscanAction(params: URLSearchParams): EtherscanAction | undefined {
  return ETHERSCAN_ACTIONS.find((a) => a.module === params.get('module') && a.action === params.get('action'));
}
