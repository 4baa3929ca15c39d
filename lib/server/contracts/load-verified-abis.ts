/**
 * The verified ABIs a page decodes or calls an address with, in the order to try them: the
 * address's own verified source, then — when it is an EIP-1967 proxy whose implementation slot is
 * proven against the block's state root (lib/checks/proxy-slots) — its implementation's. A slot
 * that does not prove is not followed: the node's word is never taken for where a proxy points.
 */
import type { Address, Hex } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import { checkProxySlots, EIP1967, type ProxyVerdict } from '@/lib/checks/proxy-slots';
import type { VerifiedAbi } from '@/lib/contracts/verified-abi';
import { getClients } from '@/lib/server/node/clients';
import { verifiedContractOf, type VerifiedLookup } from './verified-source';
import { loadCodeReading } from '@/lib/server/contracts/load-code-abis';

/** The block a proxy's slot is proven at. */
export interface ProvenAt {
  readonly number: bigint;
  readonly stateRoot: Hex;
}

/** The ABIs for `address` given its own lookup and, when read, its proxy verdict at `block`. */
export async function verifiedAbisWith(address: Address, own: VerifiedLookup, verdict: ProxyVerdict | null, block: bigint): Promise<VerifiedAbi[]> {
  const abis: VerifiedAbi[] = [];
  if (own.state === 'verified') abis.push({ abi: own.contract.abi, origin: { kind: 'own', address, matchKind: own.contract.matchKind } });
  const implementation = verdict?.verified && verdict.isProxy ? verdict.implementation.address : null;
  if (implementation && implementation.toLowerCase() !== address.toLowerCase()) {
    const impl = await verifiedContractOf(implementation);
    if (impl.state === 'verified') {
      abis.push({
        abi: impl.contract.abi,
        origin: { kind: 'implementation', proxy: address, address: implementation, matchKind: impl.contract.matchKind, block: block.toString() },
      });
    }
  }
  return abis;
}

/**
 * Reads the address's verified source and its EIP-1967 slots (proven at `at`) together; without
 * either, what its code runs (lib/server/contracts/load-code-abis.ts: a clone's, beacon's or
 * Diamond's code, a similar match, or its own functions read from its code).
 */
export async function loadVerifiedAbis(address: Address, at: ProvenAt): Promise<VerifiedAbi[]> {
  const verified = await loadProvenAbis(address, at);
  if (verified.length > 0) return verified;
  const reading = await loadCodeReading(address, at).catch(() => null);
  return reading ? [...reading.abis] : [];
}

/** The verified ABIs alone: own, then a proven EIP-1967 implementation's. */
export async function loadProvenAbis(address: Address, at: ProvenAt): Promise<VerifiedAbi[]> {
  const client = getClients().get(zoneOf(address).name);
  const [own, proof] = await Promise.all([
    verifiedContractOf(address),
    // A proof the node will not give only means the proxy is not followed.
    client ? client.getProof({ address, storageKeys: [EIP1967.implementation, EIP1967.admin], blockTag: at.number }).catch(() => null) : null,
  ]);
  const verdict = proof ? checkProxySlots(at.stateRoot, proof) : null;
  return verifiedAbisWith(address, own, verdict, at.number);
}
