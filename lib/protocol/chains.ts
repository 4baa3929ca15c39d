/**
 * The chain registry: every fact about the 13 chains of a Quai network in one place.
 * Source: go-quai v0.20's defaults (params/config.go, common/location.go), unchanged from v0.11 to v0.28.
 */

/** Context numbers as the protocol uses them: prime 0, region 1, zone 2. */
export type Level = 0 | 1 | 2;
export const PRIME: Level = 0;
export const REGION: Level = 1;
export const ZONE: Level = 2;
export const LEVEL_NAMES = ['prime', 'region', 'zone'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];
/** The levels as a reader sees and hears them, by level: a block's numbers are [Prime, Region, Zone]. */
export const LEVEL_LABELS = ['Prime', 'Region', 'Zone'] as const;

export type ChainName =
  | 'prime'
  | 'cyprus' | 'paxos' | 'hydra'
  | 'cyprus1' | 'cyprus2' | 'cyprus3'
  | 'paxos1' | 'paxos2' | 'paxos3'
  | 'hydra1' | 'hydra2' | 'hydra3';

export interface Chain {
  readonly name: ChainName;
  /** Human label, e.g. "Cyprus 1". */
  readonly label: string;
  readonly level: Level;
  /** Region index 0..2 (cyprus, paxos, hydra); undefined for prime. */
  readonly region?: number;
  /** Zone index 0..2 within its region; undefined for prime and regions. */
  readonly zone?: number;
  /** The location byte path: [] prime, [r] region, [r, z] zone. */
  readonly location: readonly number[];
  /** go-quai's default HTTP port for this chain. */
  readonly defaultPort: number;
  /** Zones only: the inclusive range of first address bytes the zone owns. */
  readonly addressRange?: readonly [number, number];
}

export const REGION_NAMES = ['cyprus', 'paxos', 'hydra'] as const;

const ZONE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x1d], [0x1e, 0x3a], [0x3b, 0x57],
  [0x58, 0x73], [0x74, 0x8f], [0x90, 0xab],
  [0xac, 0xc7], [0xc8, 0xe3], [0xe4, 0xff],
];

// Ports are irregular in go-quai (e.g. paxos1 8512, cyprus2 8542), so they are listed, not computed.
const PORTS: Readonly<Record<ChainName, number>> = {
  prime: 8546,
  cyprus: 8578, paxos: 8580, hydra: 8582,
  cyprus1: 8610, paxos1: 8512, hydra1: 8614,
  cyprus2: 8542, paxos2: 8544, hydra2: 8646,
  cyprus3: 8674, paxos3: 8576, hydra3: 8678,
};

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function buildChains(): Chain[] {
  const chains: Chain[] = [
    { name: 'prime', label: 'Prime', level: PRIME, location: [], defaultPort: PORTS.prime },
  ];
  REGION_NAMES.forEach((regionName, r) => {
    chains.push({
      name: regionName, label: capitalize(regionName), level: REGION, region: r,
      location: [r], defaultPort: PORTS[regionName],
    });
  });
  REGION_NAMES.forEach((regionName, r) => {
    for (let z = 0; z < 3; z++) {
      const name = `${regionName}${z + 1}` as ChainName;
      chains.push({
        name, label: `${capitalize(regionName)} ${z + 1}`, level: ZONE, region: r, zone: z,
        location: [r, z], defaultPort: PORTS[name], addressRange: ZONE_RANGES[r * 3 + z],
      });
    }
  });
  return chains;
}

/** All 13 chains: prime, then the regions, then the zones (cyprus1..hydra3). */
export const CHAINS: readonly Chain[] = buildChains();
export const CHAIN_NAMES: readonly ChainName[] = CHAINS.map((c) => c.name);
export const ZONES: readonly Chain[] = CHAINS.filter((c) => c.level === ZONE);
export const REGIONS: readonly Chain[] = CHAINS.filter((c) => c.level === REGION);

const BY_NAME = new Map<string, Chain>(CHAINS.map((c) => [c.name, c]));

export function isChainName(value: string): value is ChainName {
  return BY_NAME.has(value);
}

/** A zone's name: only zones hold accounts, so only they have history rows or transfers. */
export function isZoneName(value: string): value is ChainName {
  return BY_NAME.get(value)?.level === ZONE;
}

export function getChain(name: ChainName): Chain {
  const chain = BY_NAME.get(name);
  if (!chain) throw new Error(`Unknown chain "${name}"`);
  return chain;
}

/** The chain at a location path: [] prime, [r] region, [r, z] zone. */
export function chainAtLocation(location: readonly number[]): Chain | undefined {
  return CHAINS.find(
    (c) => c.location.length === location.length && c.location.every((b, i) => b === location[i]),
  );
}

/** The region a zone belongs to (the zone's dominant chain); prime for a region. */
export function parentChain(chain: Chain): Chain | undefined {
  if (chain.level === PRIME) return undefined;
  return chainAtLocation(chain.location.slice(0, -1));
}

/** Direct subordinates: the regions of prime, the zones of a region, none for a zone. */
export function subordinateChains(chain: Chain): Chain[] {
  return CHAINS.filter(
    (c) => c.level === chain.level + 1 && chain.location.every((b, i) => c.location[i] === b),
  );
}

/**
 * The chain that holds a block's level-`level` context for a chain `chain`:
 * for a zone block, level 0 is prime, level 1 is its region, level 2 the zone itself.
 */
export function dominantAt(chain: Chain, level: Level): Chain {
  const found = chainAtLocation(chain.location.slice(0, level));
  if (!found || level > chain.level) throw new Error(`${chain.name} has no level-${level} context`);
  return found;
}

/**
 * The zone that owns an address, from its first byte (protocol notes, "Address sharding").
 * Accepts any 0x-prefixed 20-byte hex address, in any case.
 */
export function zoneOf(address: string): Chain {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`Not an address: "${address}"`);
  const firstByte = parseInt(address.slice(2, 4), 16);
  const zone = ZONES.find((z) => z.addressRange && firstByte >= z.addressRange[0] && firstByte <= z.addressRange[1]);
  if (!zone) throw new Error(`No zone owns first byte ${firstByte}`); // unreachable: ranges cover 0..255
  return zone;
}

/** Known network chain ids (shared by all 13 chains of one network). */
export const NETWORKS: Readonly<Record<number, string>> = {
  1337: 'local',
  9000: 'colosseum',
  12000: 'garden',
  15000: 'orchard',
  17000: 'lighthouse',
};
