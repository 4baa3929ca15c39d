/**
 * The devnet's traffic generator: keeps every zone busy with what an explorer must show.
 * Per zone and tick, one of:
 * - a type 0 transfer (to a dev account or a fresh in-zone address, so new addresses appear);
 * - a DevToken transfer (one token deployed per zone at start; emits Transfer events), a DevNft or
 *   DevMulti mint (ERC-721 and ERC-1155, also deployed per zone at start, with a DevProxy in front
 *   of the DevToken);
 * - a cross-zone send (type 2 → a type 1 ETX credited in the destination zone);
 * - value sent through the zone's DevForwarder (deployed at start) to an address: an internal transfer;
 * - now and then a deliberate nonce gap (a transaction at pending nonce + 1) so the pool's `queued`
 *   is not empty; the gap is filled by the account's next ordinary transaction after `gapHoldMs`.
 *
 * Everything is signed with the project's codec (lib/protocol/transaction.ts) and handed to
 * `addRawTransaction` in process, at the account's current pending nonce. Random choices come from
 * a seeded PRNG so a run can be replayed.
 */
import { bytesToHex, type Address, type Hex } from 'viem';
import { ZONES, zoneOf, type ChainName } from '@/lib/protocol/chains';
import { signTransaction, type SignableTransaction } from '@/lib/protocol/transaction';
import type { DevAccount } from './accounts';
import {
  START_CONTRACTS, devMultiDeployData, devNftDeployData, devProxyDeployData, devTokenDeployData, multiMintData, nextInZoneCreateNonce,
  nftMintData, tokenTransferData, TRACE_CONTRACTS, forwardData, type StartContract,
} from './contracts';
import type { ZoneExecutionApi } from './execution/api';

const GWEI = 1_000_000_000n;

export interface TrafficOptions {
  readonly zones: ReadonlyMap<ChainName, ZoneExecutionApi>;
  /** Dev accounts; those of each running zone send from it (at least one per zone). */
  readonly accounts: readonly DevAccount[];
  /** Transactions per second, per zone. */
  readonly ratePerSecond: number;
  readonly chainId?: bigint;
  /** Fee cap of every transaction (default 20 gwei: 20× the default base fee floor). */
  readonly maxFeePerGas?: bigint;
  /** State root to read pending nonces at, if the zone API lacks headStateRoot(). */
  readonly stateRootOf?: (zone: ChainName) => Hex;
  /** Share of actions that open a nonce gap (default 0.04). */
  readonly gapShare?: number;
  /** How long a gap stays open before the account fills it (default 15 s). */
  readonly gapHoldMs?: number;
  readonly seed?: number;
  readonly log?: (line: string) => void;
}

export interface TrafficStats {
  readonly sent: number;
  readonly rejected: number;
  readonly byKind: Readonly<Record<TrafficKind, number>>;
  readonly tokens: ReadonlyMap<ChainName, Address>;
  /** Every start contract deployed so far, per zone. */
  readonly contracts: ReadonlyMap<ChainName, Readonly<Partial<Record<StartContract, Address>>>>;
}

export type TrafficKind = 'transfer' | 'token' | 'crossZone' | 'gap' | 'deploy' | 'forward';

export interface Traffic {
  stop(): void;
  stats(): TrafficStats;
}

/** mulberry32: small, fast, seedable; quality is irrelevant here. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface ZoneState {
  readonly name: ChainName;
  readonly api: ZoneExecutionApi;
  readonly accounts: readonly DevAccount[];
  /** The start contracts deployed so far (see setup). */
  readonly contracts: Partial<Record<StartContract, Address>>;
  setupDone: boolean;
  setupAttempts: number;
  busy: boolean;
  /** Account holding a deliberate gap, and when it may fill it. */
  gap?: { account: Address; until: number };
}

export function startTraffic(options: TrafficOptions): Traffic {
  const chainId = options.chainId ?? 1337n;
  const feeCap = options.maxFeePerGas ?? 20n * GWEI;
  const gapShare = options.gapShare ?? 0.04;
  const gapHoldMs = options.gapHoldMs ?? 15_000;
  const log = options.log ?? (() => {});
  const random = prng(options.seed ?? 0x5eed);
  const byKind: Record<TrafficKind, number> = { transfer: 0, token: 0, crossZone: 0, gap: 0, deploy: 0, forward: 0 };
  let sent = 0;
  let rejected = 0;
  let stopped = false;

  const zones: ZoneState[] = [...options.zones].map(([name, api]) => ({
    name, api, accounts: options.accounts.filter((a) => a.zone === name), setupDone: false, setupAttempts: 0, busy: false, contracts: {},
  }));
  for (const z of zones) if (z.accounts.length === 0) throw new Error(`traffic: no dev account in ${z.name}`);

  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('traffic: pick from an empty list');
    return item;
  };
  const between = (lo: bigint, hi: bigint): bigint => lo + BigInt(Math.floor(random() * Number(hi - lo)));

  function headRoot(z: ZoneState): Hex {
    const root = z.api.headStateRoot?.() ?? options.stateRootOf?.(z.name);
    if (!root) throw new Error(`traffic: no way to read ${z.name}'s head state root`);
    return root;
  }

  async function submit(z: ZoneState, from: DevAccount, tx: SignableTransaction, kind: TrafficKind): Promise<boolean> {
    try {
      await z.api.addRawTransaction(await signTransaction(tx, from.privateKey));
      sent++;
      byKind[kind]++;
      return true;
    } catch (err) {
      // Races with the miner (nonce too low right after a block) are expected; keep going.
      rejected++;
      log(`traffic ${z.name}: ${kind} from ${from.address} refused: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }

  function base(nonce: bigint): Pick<SignableTransaction, 'chainId' | 'nonce' | 'gasTipCap' | 'gasFeeCap' | 'accessList'> {
    return { chainId, nonce, gasTipCap: between(GWEI, 3n * GWEI), gasFeeCap: feeCap, accessList: [] };
  }

  /** A random address in the zone: a fresh one now and then, otherwise a dev account. */
  function inZoneRecipient(z: ZoneState, not: Address): Address {
    const others = z.accounts.filter((a) => a.address !== not);
    if (others.length > 0 && random() < 0.6) return pick(others).address;
    const range = ZONES.find((c) => c.name === z.name)?.addressRange;
    if (!range) throw new Error(`${z.name} has no address range`);
    const bytes = new Uint8Array(20);
    for (let i = 0; i < 20; i++) bytes[i] = Math.floor(random() * 256);
    bytes[0] = range[0] + Math.floor(random() * (range[1] - range[0] + 1));
    return bytesToHex(bytes) as Address;
  }

  function deployData(z: ZoneState, kind: StartContract, deployer: Address): Hex {
    switch (kind) {
      case 'token': return devTokenDeployData(10n ** 27n);
      case 'nft': return devNftDeployData();
      case 'multi': return devMultiDeployData();
      case 'forwarder': return TRACE_CONTRACTS.forwarder;
      case 'proxy': {
        if (!z.contracts.token) throw new Error('traffic: the proxy needs the token first');
        return devProxyDeployData(z.contracts.token, deployer);
      }
    }
  }

  /**
   * Deploy the zone's start contracts from its first dev account (DevToken, DevNft, DevMulti, and
   * an EIP-1967 DevProxy in front of the DevToken): for each, spend nonces on self-transfers until
   * the CREATE address falls in the zone (contracts/index.ts), then deploy. After a restart from a
   * data directory they are found again, in order, at the in-zone CREATE addresses holding code.
   */
  async function setup(z: ZoneState): Promise<void> {
    const deployer = z.accounts[0]!;
    const root = headRoot(z);
    const accountNonce = await z.api.getNonce(root, deployer.address);
    const found: Address[] = [];
    for (let n = 0n; n < accountNonce && found.length < START_CONTRACTS.length; ) {
      const candidate = nextInZoneCreateNonce(deployer.address, n, z.name);
      if (candidate.nonce >= accountNonce) break;
      if ((await z.api.getCode(root, candidate.address)) !== '0x') found.push(candidate.address);
      n = candidate.nonce + 1n;
    }
    found.forEach((address, i) => { z.contracts[START_CONTRACTS[i]!] = address; });
    let nonce = await z.api.pendingNonce(root, deployer.address);
    for (const kind of START_CONTRACTS.slice(found.length)) {
      const target = nextInZoneCreateNonce(deployer.address, nonce, z.name);
      for (; nonce < target.nonce; nonce++) {
        if (!(await submit(z, deployer, { type: 0, ...base(nonce), gas: 21_000n, to: deployer.address, value: 0n, data: '0x' }, 'transfer'))) return;
      }
      const ok = await submit(z, deployer, {
        type: 0, ...base(nonce), gas: 1_500_000n, to: null, value: 0n, data: deployData(z, kind, deployer.address),
      }, 'deploy');
      if (!ok) return;
      z.contracts[kind] = target.address;
      log(`traffic ${z.name}: ${kind} contract at ${target.address}`);
      nonce++;
    }
  }

  /**
   * Whether the pool still holds a transaction of `account` in `queued`: its last gap, not filled
   * yet. A gap opened now would take that nonce again, and the pool would refuse it as an
   * underpriced replacement.
   */
  function holdsQueued(z: ZoneState, account: Address): boolean {
    const wanted = account.toLowerCase();
    for (const [sender, txs] of z.api.poolContent().queued) if (sender.toLowerCase() === wanted && txs.size > 0) return true;
    return false;
  }

  async function act(z: ZoneState): Promise<void> {
    const now = Date.now();
    if (z.gap && now >= z.gap.until) z.gap = undefined; // the account's next transaction fills it
    const usable = z.accounts.filter((a) => a.address !== z.gap?.account && (a !== z.accounts[0] || z.setupDone));
    if (usable.length === 0) return;
    const from = pick(usable);
    const root = headRoot(z);
    const nonce = await z.api.pendingNonce(root, from.address);
    const roll = random();
    const otherZones = zones.filter((o) => o.name !== z.name);

    if (!z.gap && z.accounts.length > 1 && roll < gapShare && !holdsQueued(z, from.address)) {
      // Skip a nonce: this one waits in `queued` until the account sends at `nonce` again.
      const ok = await submit(z, from, { type: 0, ...base(nonce + 1n), gas: 21_000n, to: inZoneRecipient(z, from.address), value: between(1n, 10n ** 15n), data: '0x' }, 'gap');
      if (ok) z.gap = { account: from.address, until: now + gapHoldMs };
      return;
    }
    if (otherZones.length > 0 && roll < gapShare + 0.15) {
      const dest = pick(otherZones);
      const to = pick(dest.accounts).address;
      if (zoneOf(to).name === z.name) return;
      await submit(z, from, {
        type: 2, ...base(nonce), gas: 30_000n, to, value: between(10n ** 14n, 10n ** 16n), data: '0x',
        etxGasLimit: 21_000n, etxGasPrice: feeCap, etxGasTip: GWEI, etxData: '0x', etxAccessList: [],
      }, 'crossZone');
      return;
    }
    const token = z.contracts.token;
    const holder = z.accounts[0]!;
    if (token && roll < gapShare + 0.45 && holder.address !== z.gap?.account) {
      // The deployer holds the supply: token transfers come from it (Transfer events to new holders).
      const holderNonce = from === holder ? nonce : await z.api.pendingNonce(root, holder.address);
      await submit(z, holder, {
        type: 0, ...base(holderNonce), gas: 80_000n, to: token, value: 0n,
        data: tokenTransferData(inZoneRecipient(z, holder.address), between(1n, 10n ** 21n)),
      }, 'token');
      return;
    }
    if (z.contracts.nft && roll < gapShare + 0.52) {
      // Token ids are random 32-bit numbers; a rare collision reverts, which an explorer shows too.
      await submit(z, from, {
        type: 0, ...base(nonce), gas: 150_000n, to: z.contracts.nft, value: 0n,
        data: nftMintData(inZoneRecipient(z, from.address), between(1n, 2n ** 32n)),
      }, 'token');
      return;
    }
    if (z.contracts.forwarder && roll < gapShare + 0.55) {
      // Value through a contract: an internal transfer from the DevForwarder to the recipient.
      await submit(z, from, {
        type: 0, ...base(nonce), gas: 60_000n, to: z.contracts.forwarder, value: between(1n, 10n ** 15n),
        data: forwardData(inZoneRecipient(z, from.address)),
      }, 'forward');
      return;
    }
    if (z.contracts.multi && roll < gapShare + 0.58) {
      await submit(z, from, {
        type: 0, ...base(nonce), gas: 100_000n, to: z.contracts.multi, value: 0n,
        data: multiMintData(inZoneRecipient(z, from.address), between(1n, 5n), between(1n, 1000n)),
      }, 'token');
      return;
    }
    await submit(z, from, { type: 0, ...base(nonce), gas: 21_000n, to: inZoneRecipient(z, from.address), value: between(1n, 10n ** 15n), data: '0x' }, 'transfer');
  }

  const intervalMs = Math.max(10, Math.round(1000 / options.ratePerSecond));
  const timer = setInterval(() => {
    if (stopped) return;
    for (const z of zones) {
      if (z.busy) continue; // one action at a time per zone keeps nonces straight
      z.busy = true;
      const step = z.setupDone
        ? act(z)
        : setup(z).then(() => {
          // Give up on the contracts after a few refusals rather than stall the zone's traffic.
          z.setupAttempts++;
          z.setupDone = START_CONTRACTS.every((kind) => z.contracts[kind]) || z.setupAttempts >= 3;
        });
      step
        .catch((err: unknown) => log(`traffic ${z.name}: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => { z.busy = false; });
    }
  }, intervalMs);
  timer.unref?.();

  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    stats() {
      return {
        sent, rejected, byKind: { ...byKind },
        tokens: new Map(zones.flatMap((z) => (z.contracts.token ? [[z.name, z.contracts.token] as const] : []))),
        contracts: new Map(zones.map((z) => [z.name, { ...z.contracts }] as const)),
      };
    },
  };
}
