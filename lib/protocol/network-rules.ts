/**
 * What a verifier knows of each network by its chain id, never from the data it checks: the
 * difficulty rule and its parameters (./difficulty.ts), how far a header's time may run ahead of
 * the verifier's clock, the target time between blocks, and whether this codebase's header
 * layout is the network's (so that a hash which does not recompute is a forgery, not a release
 * whose layout differs). Pure and browser-safe; the devnet takes its own parameters from here too.
 *
 * - 1337, the Strata devnet (devnet/), at its defaults: 32 nonces per 20 ms per zone (1,600/s), a
 *   1.5 s target, so a genesis difficulty of 2,400 and a minimum of a quarter of it. A devnet
 *   started with another block time or hash rate mines by `devnetRules(…)` of its own: a verifier
 *   told nothing else checks it against the defaults (and fails it), as it should a network it
 *   does not know.
 * - 9000 colosseum, 12000 garden, 15000 orchard, 17000 lighthouse: go-quai v0.17–v0.28's rule with
 *   each network's DurationLimit (params/protocol_params.go: 12, 7, 12, 7 s), factor 40, period 360,
 *   and MinDifficulty = the blake3 genesis difficulty / 2 (cmd/utils/flags.go at v0.20.0). Their
 *   headers may be progpow's or v0.11's layout, which this codebase cannot hash: such a header's
 *   seal and difficulty are "could not be checked", never "forged" (protocol notes).
 */
import type { DifficultyRule } from './difficulty';
import { DEFAULT_ORDER_TARGETS, type OrderTargets } from './entropy';

/**
 * How a creation's address is derived from its sender and nonce: `ethereum` keccak256(rlp([sender,
 * nonce]))[12:] (the devnet's EVM), `go-quai` keccak256(sender ‖ nonce as 8 bytes ‖ init code)[12:]
 * (crypto.CreateAddress, v0.11–v0.28).
 */
export type CreateRule = 'ethereum' | 'go-quai';

export interface NetworkRules {
  readonly chainId: bigint;
  /** How the report names it: "local, the Strata devnet". */
  readonly label: string;
  readonly difficulty: DifficultyRule;
  /** Seconds a header's time may be ahead of the verifier's clock (go-quai: allowedFutureBlockTimeSeconds, 15). */
  readonly futureDrift: bigint;
  /** The time between zone blocks the rule aims at, in milliseconds (the work-rate check's yardstick). */
  readonly blockTimeMs: number;
  /**
   * True when every header of the network hashes in this codebase's layout (lib/protocol/header.ts):
   * a mismatch is then a changed field. False for the live networks, whose releases differ.
   */
  readonly layoutKnown: boolean;
  /** Zone blocks per region and prime block: a header's order recomputed from its hash (with a known layout). */
  readonly orderTargets: OrderTargets;
  readonly createAddress: CreateRule;
}

/** The devnet's defaults (devnet/index.ts starts with these). */
export const DEVNET_DEFAULTS = { blockTimeMs: 1500, hashesPerSlice: 32, sliceMs: 20 } as const;
export const DEVNET_CHAIN_ID = 1337n;
/** go-quai: a header more than 15 s ahead of the node's clock is a future block. */
const FUTURE_DRIFT = 15n;

export interface DevnetRetargetOptions {
  readonly blockTimeMs: number;
  /** Nonces per second each zone's miner tries. */
  readonly hashRate: number;
  /** Zone blocks per region and prime block (default 3 and 9). */
  readonly orderTargets?: OrderTargets;
}

/** The devnet's default entropy targets: small, so that coincident blocks come often. */
export const DEVNET_ORDER_TARGETS: OrderTargets = { region: 3, prime: 9 };

/** The difficulty at which a devnet's zone finds blocks on time: its hash rate times its block time. */
export function devnetGenesisDifficulty(options: DevnetRetargetOptions): bigint {
  return BigInt(Math.max(16, Math.round((options.hashRate * options.blockTimeMs) / 1000)));
}

/** A devnet's rules: the target its block time, the minimum a quarter of its genesis difficulty (at least 16). */
export function devnetRules(options: DevnetRetargetOptions, chainId: bigint = DEVNET_CHAIN_ID): NetworkRules {
  const genesis = devnetGenesisDifficulty(options);
  const minimum = genesis / 4n > 16n ? genesis / 4n : 16n;
  return {
    chainId,
    label: 'local, the Strata devnet',
    difficulty: { kind: 'strata-devnet', durationLimitMs: BigInt(Math.round(options.blockTimeMs)), boundDivisor: 16n, maxDown: 3n, minimum },
    futureDrift: FUTURE_DRIFT,
    blockTimeMs: options.blockTimeMs,
    layoutKnown: true,
    orderTargets: options.orderTargets ?? DEVNET_ORDER_TARGETS,
    createAddress: 'ethereum',
  };
}

const DEVNET_DEFAULT_RULES = devnetRules({
  blockTimeMs: DEVNET_DEFAULTS.blockTimeMs,
  hashRate: (DEVNET_DEFAULTS.hashesPerSlice * 1000) / DEVNET_DEFAULTS.sliceMs,
});

function goQuai(chainId: bigint, label: string, durationLimit: bigint, minimum: bigint): NetworkRules {
  return {
    chainId,
    label,
    difficulty: { kind: 'go-quai', durationLimit, adjustmentFactor: 40n, adjustmentPeriod: 360n, minimum },
    futureDrift: FUTURE_DRIFT,
    blockTimeMs: Number(durationLimit) * 1000,
    layoutKnown: false,
    orderTargets: DEFAULT_ORDER_TARGETS,
    createAddress: 'go-quai',
  };
}

const KNOWN: readonly NetworkRules[] = [
  DEVNET_DEFAULT_RULES,
  goQuai(9000n, 'colosseum', 12n, 1_000_000n),
  goQuai(12000n, 'garden', 7n, 2_000_000n),
  goQuai(15000n, 'orchard', 12n, 2_000_000n),
  goQuai(17000n, 'lighthouse', 7n, 2_000_000n),
];

/** The rules of the network with this chain id, or undefined for one this verifier does not know. */
export function rulesOfChainId(chainId: bigint): NetworkRules | undefined {
  return KNOWN.find((n) => n.chainId === chainId);
}
