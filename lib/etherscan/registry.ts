/**
 * Every Etherscan `/api` action this explorer answers, one file each under ./actions/ (as viem
 * keeps one file per action): a new action is its file and its line here. Each declares its
 * parameters, zone, rate class and cache policy (./action.ts); ./dispatch.ts answers a request
 * through it, the rate limit and the page cache read its class and policy through
 * findEtherscanAction, and the OpenAPI document and /api-docs are drawn from it.
 */
import type { EtherscanAction } from './action';
import accountTxlist from './actions/account-txlist';
import accountTokentx from './actions/account-tokentx';
import accountTxlistinternal from './actions/account-txlistinternal';
import contractVerifysourcecode from './actions/contract-verifysourcecode';
import contractCheckverifystatus from './actions/contract-checkverifystatus';
import contractGetsourcecode from './actions/contract-getsourcecode';
import contractGetabi from './actions/contract-getabi';
import contractGetcontractcreation from './actions/contract-getcontractcreation';

export type { EtherscanAction, EtherscanActionMeta } from './action';

export const ETHERSCAN_ACTIONS: readonly EtherscanAction[] = [
  accountTxlist,
  accountTokentx,
  accountTxlistinternal,
  contractVerifysourcecode,
  contractCheckverifystatus,
  contractGetsourcecode,
  contractGetabi,
  contractGetcontractcreation,
];

const BY_NAME = new Map(ETHERSCAN_ACTIONS.map((a) => [`${a.module}.${a.action}`, a]));

/** The action a request names by its `module` and `action` parameters; undefined when it names none. */
export function findEtherscanAction(params: URLSearchParams): EtherscanAction | undefined {
  return BY_NAME.get(`${params.get('module') ?? ''}.${params.get('action') ?? ''}`);
}
