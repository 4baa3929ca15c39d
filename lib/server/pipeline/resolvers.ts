/**
 * Every route's resolver, under the name the route table gives it (lib/routes/table.ts,
 * `resolver`): the type fails to check when a name has no resolver here or a resolver no route,
 * and lib/routes/routes.test.ts when a kept route has none. A new route's resolver is one line
 * here (docs/architecture.md, "Where a new thing goes").
 */
import type { Resolver } from '@/lib/routes/resolver';
import type { ResolverName, RouteDef } from '@/lib/routes/table';
import { resolveAccounts, resolveAccountsApi } from '@/lib/server/accounts/top-accounts';
import { resolveAddress } from '@/lib/server/address/resolve-address';
import { resolveApprovalsApi } from '@/lib/server/address/resolve-approvals';
import { resolveBalanceHistoryApi } from '@/lib/server/balances/balance-history';
import { resolveBlocksApi, resolveBlocksPage } from '@/lib/server/block/block-list';
import { resolveAnyChainBlock } from '@/lib/server/block/resolve-any-chain';
import { resolveBlock, resolveChain, resolveUncle } from '@/lib/server/block/resolve-block';
import { resolveCountdown } from '@/lib/server/block/resolve-countdown';
import { resolveContractsApi, resolveContractsPage } from '@/lib/server/contracts/contract-list';
import { resolveApiDocs, resolveOpenApi } from '@/lib/server/etherscan/resolve-api-docs';
import { resolveBroadcast } from '@/lib/server/wallet/resolve-broadcast';
import { resolveEtherscan } from '@/lib/server/etherscan/resolve-etherscan';
import { resolveEtxApi } from '@/lib/server/history/resolve-etx';
import { resolveAddressEvidence, resolveBlockEvidence, resolveTxEvidence } from '@/lib/server/evidence/resolve-evidence';
import { resolveFees, resolveFeesApi, resolveFeesIndex } from '@/lib/server/network/resolve-fees';
import { resolveInternalTransactionsCsv, resolveTokenTransfersCsv, resolveTransactionsCsv } from '@/lib/server/history/csv-export';
import { resolveHistoryApi, resolveIndexStatusApi, resolveInternalTransfersApi, resolveTokenTransfersApi } from '@/lib/server/history/resolve-history-api';
import { resolveLabels, resolveLabelsApi } from '@/lib/server/labels/resolve-labels';
import { resolveNetwork } from '@/lib/server/network/resolve-network';
import { resolveSearch, resolveSearchApi } from '@/lib/server/search/resolve-search';
import { resolveChainStatsApi, resolveCharts } from '@/lib/server/network/chain-stats';
import { resolveDailyStatsApi, resolveEtxFlowApi } from '@/lib/server/network/resolve-stats';
import { resolveHierarchy } from '@/lib/server/stream/resolve-hierarchy';
import { resolveHome, resolveTipsApi } from '@/lib/server/tips/resolve-home';
import { resolveToken } from '@/lib/server/token/resolve-token';
import { resolveTokensApi, resolveTokensPage } from '@/lib/server/token/token-list';
import { resolveNonce } from '@/lib/server/tx/resolve-nonce';
import { resolveTx, resolveTxInBlock } from '@/lib/server/tx/resolve-tx';
import { resolveTxsApi, resolveTxsRoute } from '@/lib/server/tx/tx-list';
import { resolvePendingApi } from '@/lib/server/network/pending-list';
import { resolveTxLogsApi, resolveTxOutcomeApi } from '@/lib/server/tx/resolve-tx-api';
import { resolveTxpool, resolveTxpoolApi, resolveTxpoolIndex } from '@/lib/server/network/resolve-txpool';
import { resolveRecompileInputApi, resolveSolcApi } from '@/lib/server/contracts/resolve-recompile';
import { resolveSourcifyCheck, resolveSourcifyCheckAll } from '@/lib/server/contracts/resolve-sourcify';
import { resolveContractApi, resolveVerify } from '@/lib/server/contracts/resolve-verify';

export const RESOLVERS = {
  // Pages
  home: resolveHome,
  search: resolveSearch,
  network: resolveNetwork,
  broadcast: resolveBroadcast,
  verify: resolveVerify,
  labels: resolveLabels,
  hierarchy: resolveHierarchy,
  accounts: resolveAccounts,
  charts: resolveCharts,
  blocks: resolveBlocksPage,
  txs: resolveTxsRoute,
  tokens: resolveTokensPage,
  contracts: resolveContractsPage,
  'api-docs': resolveApiDocs,
  'fees-index': resolveFeesIndex,
  fees: resolveFees,
  'txpool-index': resolveTxpoolIndex,
  txpool: resolveTxpool,
  address: resolveAddress,
  nonce: resolveNonce,
  token: resolveToken,
  chain: resolveChain,
  'any-chain-block': resolveAnyChainBlock,
  countdown: resolveCountdown,
  block: resolveBlock,
  uncle: resolveUncle,
  tx: resolveTx,
  'tx-in-block': resolveTxInBlock,
  // API
  etherscan: resolveEtherscan,
  'tips-api': resolveTipsApi,
  'labels-api': resolveLabelsApi,
  'fees-api': resolveFeesApi,
  'txpool-api': resolveTxpoolApi,
  'history-api': resolveHistoryApi,
  'balance-history-api': resolveBalanceHistoryApi,
  'accounts-api': resolveAccountsApi,
  'chain-stats-api': resolveChainStatsApi,
  'blocks-api': resolveBlocksApi,
  'txs-api': resolveTxsApi,
  'pending-txs-api': resolvePendingApi,
  'tokens-api': resolveTokensApi,
  'contracts-api': resolveContractsApi,
  'transactions-csv': resolveTransactionsCsv,
  'token-transfers-csv': resolveTokenTransfersCsv,
  'internal-transactions-csv': resolveInternalTransactionsCsv,
  'token-transfers-api': resolveTokenTransfersApi,
  'internal-transfers-api': resolveInternalTransfersApi,
  'approvals-api': resolveApprovalsApi,
  'contract-api': resolveContractApi,
  'etx-api': resolveEtxApi,
  'tx-logs-api': resolveTxLogsApi,
  'tx-outcome-api': resolveTxOutcomeApi,
  'etx-flow-api': resolveEtxFlowApi,
  'search-api': resolveSearchApi,
  'index-status-api': resolveIndexStatusApi,
  'daily-stats-api': resolveDailyStatsApi,
  openapi: resolveOpenApi,
  'tx-evidence-api': resolveTxEvidence,
  'block-evidence-api': resolveBlockEvidence,
  'address-evidence-api': resolveAddressEvidence,
  'sourcify-check-all-api': resolveSourcifyCheckAll,
  'sourcify-check-api': resolveSourcifyCheck,
  'solc-api': resolveSolcApi,
  'recompile-input-api': resolveRecompileInputApi,
} satisfies Record<ResolverName, Resolver<unknown>>;

/** The resolver of `route`, when it has one. */
export function resolverOf(route: RouteDef | undefined): Resolver<unknown> | undefined {
  const name = route?.resolver as ResolverName | undefined;
  return name === undefined ? undefined : RESOLVERS[name];
}
