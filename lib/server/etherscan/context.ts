/**
 * The process's EtherscanContext (lib/etherscan/action.ts): the configured zones' typed clients,
 * the index service (answers shared per index version), the history and verification loaders,
 * and STRATA_BROADCAST. Tests build theirs over a devnet and a test database the same way
 * (etherscanContextOf).
 */
import type { EtherscanContext, IndexAccess } from '@/lib/etherscan/action';
import type { ChainName } from '@/lib/protocol/chains';
import type { ChainClient } from '@/lib/rpc/client';
import { getConfig } from '@/lib/ops/config';
import { getClients, getWorkClients } from '@/lib/server/node/clients';
import { indexAvailability } from '@/lib/server/index/index-service';
import { readPerVersion } from '@/lib/server/index/index-version';
import { loadTxlist } from '@/lib/server/history/load-txlist';
import { loadTxlistInternal } from '@/lib/server/history/load-txlist-internal';
import { contractAnswer } from '@/lib/server/contracts/contract-api';
import { verifyContext, type VerifyContextOrReason } from '@/lib/server/contracts/verify-context';
import { networkChainId } from '@/lib/server/contracts/network-chain-id';

export interface EtherscanContextParts {
  readonly clients: ReadonlyMap<ChainName, ChainClient>;
  /** The clients for callers' node work (lib/server/node/clients.ts NetworkReaders.work); `clients` when absent. */
  readonly workClients?: ReadonlyMap<ChainName, ChainClient>;
  readonly index: () => Promise<IndexAccess>;
  readonly verify: () => Promise<VerifyContextOrReason>;
  readonly chainId: () => Promise<bigint | null>;
  readonly broadcastEnabled: boolean;
  readonly expectedChainId: bigint | undefined;
}

/** A context over these clients, index and verification context (the process's, or a test's). */
export function etherscanContextOf(parts: EtherscanContextParts): EtherscanContext {
  return {
    client: (zone) => parts.clients.get(zone),
    work: (zone) => (parts.workClients ?? parts.clients).get(zone),
    index: parts.index,
    txlist: async (query) => loadTxlist(query, await parts.index()),
    txlistInternal: async (query) => loadTxlistInternal(query, await parts.index()),
    contract: async (params, method, client) => {
      const verify = await parts.verify();
      if ('reason' in verify) return { status: 503, body: { status: '0', message: 'NOTOK', result: `Error! ${verify.reason}` } };
      return contractAnswer(params, method, client, { context: verify, chainId: parts.chainId });
    },
    broadcastEnabled: parts.broadcastEnabled,
    expectedChainId: parts.expectedChainId,
    configuredZones: [...parts.clients.values()].filter((c) => c.chain.level === 2).map((c) => c.chain.name),
  };
}

async function processIndex(): Promise<IndexAccess> {
  const availability = await indexAvailability();
  if (availability.state !== 'ready') return { ready: false, reason: availability.reason };
  return { ready: true, db: availability.db, perVersion: (key, read) => readPerVersion(availability, key, read) };
}

export function processEtherscanContext(): EtherscanContext {
  const config = getConfig();
  return etherscanContextOf({
    clients: getClients(), workClients: getWorkClients(), index: processIndex, verify: verifyContext, chainId: networkChainId,
    broadcastEnabled: config.broadcastEnabled, expectedChainId: config.expectedChainId,
  });
}
