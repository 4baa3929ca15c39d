/**
 * Deployment configuration, read from environment variables once per process.
 *
 *   STRATA_NODE_HOST      host of a go-quai node using the default port map (default 127.0.0.1)
 *   STRATA_NODE_SCHEME    http or https for STRATA_NODE_HOST (default http)
 *   STRATA_RPC_<CHAIN>    full URL override for one chain, e.g. STRATA_RPC_CYPRUS1=http://n:8610
 *   STRATA_CHAINS         comma-separated chain names the deployment serves (default: all 13)
 *   STRATA_RPC_NAMESPACE  method namespace (default quai)
 *   STRATA_CHAIN_ID       expected chain id, checked against the node (optional)
 *   STRATA_RPC_TIMEOUT_MS per-request timeout (default 10000)
 *   STRATA_BROADCAST      "off" hides the broadcast page (public deployments)
 *   STRATA_CHECKPOINTS_URL where the operator publishes header hashes for readers to pin as
 *                         checkpoints (a page outside this explorer); the evidence panel links it
 *   STRATA_CALL_GAS_CAP   the most gas of a message the explorer asks a node to run (call,
 *                         estimateGas, debug_traceCall): default 2000000, far below a block's
 *   STRATA_NODE_WORK_IN_FLIGHT  calls of callers' choosing at a zone's node at once, per
 *                         process (default 4; lib/rpc/work-lane.ts)
 *
 * Bad configuration throws a ConfigError that names the variable.
 */
import { CHAINS, CHAIN_NAMES, isChainName, type Chain, type ChainName } from '@/lib/protocol/chains';
import { StrataError } from '@/lib/protocol/errors';

export class ConfigError extends StrataError {
  override name = 'ConfigError';
  constructor(readonly variable: string, message: string) {
    super(`${variable}: ${message}`);
  }
}

export interface ChainEndpoint {
  readonly chain: Chain;
  /** The chain's RPC URL. May carry credentials: never print it, use redactUrl(). */
  readonly url: string;
}

export interface StrataConfig {
  readonly chains: readonly ChainEndpoint[];
  readonly namespace: string;
  readonly expectedChainId?: bigint;
  readonly timeoutMs: number;
  readonly broadcastEnabled: boolean;
  /** STRATA_CHECKPOINTS_URL: the operator's published checkpoints, linked from "Check in this browser". */
  readonly checkpointsUrl?: string;
  /** STRATA_CALL_GAS_CAP: the gas of every message the explorer asks a node to run (lib/rpc/core.ts withinGasCap). */
  readonly callGasCap: bigint;
  /** STRATA_NODE_WORK_IN_FLIGHT: a zone's lane for callers' calls (lib/rpc/work-lane.ts). */
  readonly nodeWorkInFlight: number;
}

/** The default gas cap: a fifteenth of a 30 M block, ten times what a token read or transfer needs. */
export const DEFAULT_CALL_GAS_CAP = 2_000_000n;

type Env = Readonly<Record<string, string | undefined>>;

function parseUrl(variable: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(variable, `not a URL: "${redactUrl(value)}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(variable, `must be an http or https URL, got "${parsed.protocol}"`);
  }
  return value;
}

export function envVarForChain(name: ChainName): string {
  return `STRATA_RPC_${name.toUpperCase()}`;
}

export function loadConfig(env: Env = process.env): StrataConfig {
  const host = env.STRATA_NODE_HOST?.trim() || '127.0.0.1';
  if (!/^[A-Za-z0-9.\-:[\]@_%]+$/.test(host)) {
    throw new ConfigError('STRATA_NODE_HOST', `not a host name: "${host}"`);
  }
  const scheme = env.STRATA_NODE_SCHEME?.trim() || 'http';
  if (scheme !== 'http' && scheme !== 'https') {
    throw new ConfigError('STRATA_NODE_SCHEME', `must be http or https, got "${scheme}"`);
  }

  let served: ChainName[] = [...CHAIN_NAMES];
  const list = env.STRATA_CHAINS?.trim();
  if (list) {
    served = [];
    for (const raw of list.split(',')) {
      const name = raw.trim().toLowerCase();
      if (!isChainName(name)) {
        throw new ConfigError('STRATA_CHAINS', `unknown chain "${raw.trim()}" (known: ${CHAIN_NAMES.join(', ')})`);
      }
      if (!served.includes(name)) served.push(name);
    }
  }

  const chains = CHAINS.filter((c) => served.includes(c.name)).map((chain): ChainEndpoint => {
    const variable = envVarForChain(chain.name);
    const override = env[variable]?.trim();
    const url = override ? parseUrl(variable, override) : `${scheme}://${host}:${chain.defaultPort}`;
    return { chain, url };
  });

  const namespace = env.STRATA_RPC_NAMESPACE?.trim() || 'quai';
  if (!/^[a-z][a-z0-9]*$/.test(namespace)) {
    throw new ConfigError('STRATA_RPC_NAMESPACE', `must be lower-case letters and digits, got "${namespace}"`);
  }

  let expectedChainId: bigint | undefined;
  const chainId = env.STRATA_CHAIN_ID?.trim();
  if (chainId) {
    if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(chainId)) {
      throw new ConfigError('STRATA_CHAIN_ID', `must be a decimal or 0x-hex integer, got "${chainId}"`);
    }
    expectedChainId = BigInt(chainId);
  }

  const timeoutRaw = env.STRATA_RPC_TIMEOUT_MS?.trim();
  const timeoutMs = timeoutRaw ? Number(timeoutRaw) : 10_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new ConfigError('STRATA_RPC_TIMEOUT_MS', `must be a positive integer of milliseconds, got "${timeoutRaw}"`);
  }

  const broadcast = env.STRATA_BROADCAST?.trim().toLowerCase();
  if (broadcast && !['on', 'off', 'true', 'false', '1', '0'].includes(broadcast)) {
    throw new ConfigError('STRATA_BROADCAST', `must be on or off, got "${broadcast}"`);
  }
  const broadcastEnabled = !broadcast || ['on', 'true', '1'].includes(broadcast);

  const checkpointsRaw = env.STRATA_CHECKPOINTS_URL?.trim();
  const checkpointsUrl = checkpointsRaw ? parseUrl('STRATA_CHECKPOINTS_URL', checkpointsRaw) : undefined;

  const capRaw = env.STRATA_CALL_GAS_CAP?.trim();
  if (capRaw && (!/^\d{1,12}$/.test(capRaw) || BigInt(capRaw) < 21_000n)) {
    throw new ConfigError('STRATA_CALL_GAS_CAP', `must be a whole amount of gas of at least 21000, got "${capRaw}"`);
  }
  const callGasCap = capRaw ? BigInt(capRaw) : DEFAULT_CALL_GAS_CAP;

  const inFlightRaw = env.STRATA_NODE_WORK_IN_FLIGHT?.trim();
  if (inFlightRaw && (!/^\d{1,4}$/.test(inFlightRaw) || Number(inFlightRaw) < 1)) {
    throw new ConfigError('STRATA_NODE_WORK_IN_FLIGHT', `must be a whole number of calls of at least 1, got "${inFlightRaw}"`);
  }
  const nodeWorkInFlight = inFlightRaw ? Number(inFlightRaw) : 4;

  return { chains, namespace, expectedChainId, timeoutMs, broadcastEnabled, callGasCap, nodeWorkInFlight, ...(checkpointsUrl ? { checkpointsUrl } : {}) };
}

/** A URL with user name and password removed, safe for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = '';
      parsed.password = '';
    }
    // Query strings often carry API keys.
    const hadQuery = parsed.search !== '';
    parsed.search = '';
    return parsed.toString().replace(/\/$/, '') + (hadQuery ? '?…' : '');
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

let cached: StrataConfig | undefined;
/** The process's configuration, loaded on first use. */
export function getConfig(): StrataConfig {
  cached ??= loadConfig();
  return cached;
}
