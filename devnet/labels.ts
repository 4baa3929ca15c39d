/**
 * The devnet's default labels: its dev accounts and the contracts the traffic generator deploys
 * at start, in the explorer's label-file format (lib/search/labels/label-file.ts). Addresses are
 * computed, not observed: dev keys are derived from public strings and each start contract sits
 * at its deployer's next in-zone CREATE nonce on a fresh chain (contracts/index.ts). A chain
 * continued from an older data directory may hold its contracts elsewhere.
 *
 * `npm start` and the Playwright config write these to a file and point STRATA_LABELS at it.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ZONES, type ChainName } from '@/lib/protocol/chains';
import { serializeLabelFile, type LabelEntry } from '@/lib/search/labels/label-file';
import { devAccountsOf } from './accounts';
import { startContractAddresses } from './contracts';

const CONTRACT_NAMES = {
  token: 'DevToken (SDT)',
  nft: 'DevNft (SDC)',
  multi: 'DevMulti (ERC-1155)',
  proxy: 'DevProxy → DevToken',
  forwarder: 'DevForwarder',
} as const;

export function devnetLabels(zones: readonly ChainName[] = ZONES.map((z) => z.name)): LabelEntry[] {
  return zones.flatMap((zone) => {
    const accounts = devAccountsOf(zone);
    const deployer = accounts[0];
    const contracts = deployer ? startContractAddresses(deployer.address, zone) : undefined;
    return [
      ...accounts.map((a, i) => ({ address: a.address, label: `Dev account ${i + 1} · ${zone}` })),
      ...(contracts
        ? (Object.keys(CONTRACT_NAMES) as (keyof typeof CONTRACT_NAMES)[]).map((kind) => ({
            address: contracts[kind].address,
            label: `${CONTRACT_NAMES[kind]} · ${zone}`,
          }))
        : []),
    ];
  });
}

/** Writes the devnet's labels to `path` (creating its folder) and returns the path. */
export function writeDevnetLabels(path: string, zones?: readonly ChainName[]): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, serializeLabelFile(devnetLabels(zones)));
  return path;
}
