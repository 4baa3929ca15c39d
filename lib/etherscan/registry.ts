/**
 * Every Etherscan `/api` action this explorer answers, one file each under ./actions/ (as viem
 * keeps one file per action): a new action is its file and its line here. Each declares its
 * parameters, zone, rate class and cache policy (./action.ts); ./dispatch.ts answers a request
 * through it, the rate limit and the page cache read its class and policy through
 * findEtherscanAction, and the OpenAPI document and /api-docs are drawn from it.
 */
import type { EtherscanAction } from './action';
import accountTxlist from './actions/account/txlist';
import accountBalance from './actions/account/balance';
import accountBalancemulti from './actions/account/balancemulti';
import accountTokenbalance from './actions/account/tokenbalance';
import accountGetminedblocks from './actions/account/getminedblocks';
import accountBalancehistory from './actions/account/balancehistory';
import logsGetLogs from './actions/logs/getLogs';
import blockGetblocknobytime from './actions/block/getblocknobytime';
import transactionGetstatus from './actions/transaction/getstatus';
import transactionGettxreceiptstatus from './actions/transaction/gettxreceiptstatus';
import gastrackerGasoracle from './actions/gastracker/gasoracle';
import gastrackerGasestimate from './actions/gastracker/gasestimate';
import accountTokentx from './actions/account/tokentx';
import accountTokennfttx from './actions/account/tokennfttx';
import accountToken1155tx from './actions/account/token1155tx';
import accountTxlistinternal from './actions/account/txlistinternal';
import contractVerifysourcecode from './actions/contract/verifysourcecode';
import contractCheckverifystatus from './actions/contract/checkverifystatus';
import contractGetsourcecode from './actions/contract/getsourcecode';
import contractGetabi from './actions/contract/getabi';
import contractGetcontractcreation from './actions/contract/getcontractcreation';
import statsDailyavgblocktime from './actions/stats/dailyavgblocktime';
import statsDailyblkcount from './actions/stats/dailyblkcount';
import statsDailyuncleblkcount from './actions/stats/dailyuncleblkcount';
import statsDailytx from './actions/stats/dailytx';
import statsDailynewaddress from './actions/stats/dailynewaddress';
import statsDailyavggaslimit from './actions/stats/dailyavggaslimit';
import statsDailygasused from './actions/stats/dailygasused';
import statsDailyavggasprice from './actions/stats/dailyavggasprice';
import statsDailyavgnetdifficulty from './actions/stats/dailyavgnetdifficulty';
import statsDailyavghashrate from './actions/stats/dailyavghashrate';
import proxy_eth_blockNumber from './actions/proxy/eth_blockNumber';
import proxy_eth_getBlockByNumber from './actions/proxy/eth_getBlockByNumber';
import proxy_eth_getBlockByHash from './actions/proxy/eth_getBlockByHash';
import proxy_eth_getBlockTransactionCountByNumber from './actions/proxy/eth_getBlockTransactionCountByNumber';
import proxy_eth_getTransactionByHash from './actions/proxy/eth_getTransactionByHash';
import proxy_eth_getTransactionByBlockNumberAndIndex from './actions/proxy/eth_getTransactionByBlockNumberAndIndex';
import proxy_eth_getTransactionReceipt from './actions/proxy/eth_getTransactionReceipt';
import proxy_eth_call from './actions/proxy/eth_call';
import proxy_eth_estimateGas from './actions/proxy/eth_estimateGas';
import proxy_eth_getCode from './actions/proxy/eth_getCode';
import proxy_eth_getStorageAt from './actions/proxy/eth_getStorageAt';
import proxy_eth_getTransactionCount from './actions/proxy/eth_getTransactionCount';
import proxy_eth_gasPrice from './actions/proxy/eth_gasPrice';
import proxy_eth_sendRawTransaction from './actions/proxy/eth_sendRawTransaction';
import blockGetblockcountdown from './actions/block/getblockcountdown';
import statsTokensupply from './actions/stats/tokensupply';
import tokenTokenholderlist from './actions/token/tokenholderlist';

export type { EtherscanAction, EtherscanActionMeta } from './action';

export const ETHERSCAN_ACTIONS: readonly EtherscanAction[] = [
  accountTxlist,
  accountBalance,
  accountBalancemulti,
  accountTokenbalance,
  accountGetminedblocks,
  accountBalancehistory,
  logsGetLogs,
  blockGetblocknobytime,
  transactionGetstatus,
  transactionGettxreceiptstatus,
  gastrackerGasoracle,
  gastrackerGasestimate,
  accountTokentx,
  accountTokennfttx,
  accountToken1155tx,
  accountTxlistinternal,
  contractVerifysourcecode,
  contractCheckverifystatus,
  contractGetsourcecode,
  contractGetabi,
  contractGetcontractcreation,
  statsDailyavgblocktime,
  statsDailyblkcount,
  statsDailyuncleblkcount,
  statsDailytx,
  statsDailynewaddress,
  statsDailyavggaslimit,
  statsDailygasused,
  statsDailyavggasprice,
  statsDailyavgnetdifficulty,
  statsDailyavghashrate,
  proxy_eth_blockNumber,
  proxy_eth_getBlockByNumber,
  proxy_eth_getBlockByHash,
  proxy_eth_getBlockTransactionCountByNumber,
  proxy_eth_getTransactionByHash,
  proxy_eth_getTransactionByBlockNumberAndIndex,
  proxy_eth_getTransactionReceipt,
  proxy_eth_call,
  proxy_eth_estimateGas,
  proxy_eth_getCode,
  proxy_eth_getStorageAt,
  proxy_eth_getTransactionCount,
  proxy_eth_gasPrice,
  proxy_eth_sendRawTransaction,
  blockGetblockcountdown,
  statsTokensupply,
  tokenTokenholderlist,
];

const BY_NAME = new Map(ETHERSCAN_ACTIONS.map((a) => [`${a.module}.${a.action}`, a]));

/** The action a request names by its `module` and `action` parameters; undefined when it names none. */
export function findEtherscanAction(params: URLSearchParams): EtherscanAction | undefined {
  return BY_NAME.get(`${params.get('module') ?? ''}.${params.get('action') ?? ''}`);
}
