/**
 * The devnet's dev accounts: deterministic private keys, at least two per zone, funded at genesis.
 *
 * Why deterministic: tests, the traffic generator and a developer's wallet all need to know the
 * keys without a file to share, and a restart with a data directory must find the same accounts.
 * Key i is keccak256("strata-devnet-" + i); we walk i upwards and keep a key for a zone when its
 * address's first byte falls in that zone's range (protocol notes, "Address sharding"), until
 * every zone has ACCOUNTS_PER_ZONE keys. The keys are public knowledge: never fund them on a
 * real network.
 */
import { keccak256, stringToBytes, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { ZONES, zoneOf, type ChainName } from '@/lib/protocol/chains';

export interface DevAccount {
  readonly zone: ChainName;
  /** Index of the derivation seed ("strata-devnet-<seedIndex>"). */
  readonly seedIndex: number;
  readonly privateKey: Hex;
  /** Checksummed. */
  readonly address: Address;
}

export const ACCOUNTS_PER_ZONE = 2;
/** Each dev account starts with a million QUAI (10^24 wei): traffic at any rate never runs dry. */
export const DEV_ACCOUNT_BALANCE = 10n ** 24n;

export function devPrivateKey(seedIndex: number): Hex {
  return keccak256(stringToBytes(`strata-devnet-${seedIndex}`));
}

function deriveDevAccounts(): DevAccount[] {
  const byZone = new Map<ChainName, DevAccount[]>(ZONES.map((z) => [z.name, []]));
  let remaining = ZONES.length * ACCOUNTS_PER_ZONE;
  // About 1 key in 9 lands in a given zone, so this ends after a few dozen keys.
  for (let i = 0; remaining > 0; i++) {
    const privateKey = devPrivateKey(i);
    const address = privateKeyToAddress(privateKey);
    const zone = zoneOf(address).name;
    const list = byZone.get(zone);
    if (!list || list.length >= ACCOUNTS_PER_ZONE) continue;
    list.push({ zone, seedIndex: i, privateKey, address });
    remaining--;
  }
  return ZONES.flatMap((z) => byZone.get(z.name) ?? []);
}

/** Every dev account, zone by zone in registry order (cyprus1 first). */
export const DEV_ACCOUNTS: readonly DevAccount[] = deriveDevAccounts();

export function devAccountsOf(zone: ChainName): DevAccount[] {
  return DEV_ACCOUNTS.filter((a) => a.zone === zone);
}

/** The genesis allocation of a zone: its dev accounts, each with DEV_ACCOUNT_BALANCE. */
export function genesisAllocFor(zone: ChainName, balance: bigint = DEV_ACCOUNT_BALANCE): Map<Address, bigint> {
  return new Map(devAccountsOf(zone).map((a) => [a.address, balance]));
}

/** Lines for the start-up log: zone, address, private key. */
export function formatDevAccounts(accounts: readonly DevAccount[] = DEV_ACCOUNTS): string {
  return accounts.map((a) => `${a.zone.padEnd(8)} ${a.address} ${a.privateKey}`).join('\n');
}
