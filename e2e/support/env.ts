/**
 * Where the e2e run finds its devnet and explorer. Defaults: the devnet on go-quai's default
 * ports (offset 0), the explorer on 3100. Two people (or two suites) on one machine can run side
 * by side with STRATA_E2E_PORT and STRATA_E2E_DEVNET_OFFSET.
 */
import { CHAINS } from '../../lib/protocol/chains';

export const E2E_PORT = Number(process.env.STRATA_E2E_PORT ?? 3100);
export const DEVNET_OFFSET = Number(process.env.STRATA_E2E_DEVNET_OFFSET ?? 0);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The STRATA_RPC_* variables that point an explorer at a devnet started with `offset`. */
export function rpcEnvFor(offset: number, chains = CHAINS): Record<string, string> {
  const env: Record<string, string> = { STRATA_CHAINS: chains.map((c) => c.name).join(',') };
  for (const chain of chains) {
    env[`STRATA_RPC_${chain.name.toUpperCase()}`] = `http://127.0.0.1:${chain.defaultPort + offset}`;
  }
  return env;
}

/** The URL of one chain of the e2e devnet, for tests that ask the node directly. */
export function devnetUrl(chainName: string, offset = DEVNET_OFFSET): string {
  const chain = CHAINS.find((c) => c.name === chainName);
  if (!chain) throw new Error(`unknown chain ${chainName}`);
  return `http://127.0.0.1:${chain.defaultPort + offset}`;
}
