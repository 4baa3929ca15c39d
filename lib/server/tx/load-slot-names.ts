/**
 * Names for the storage slots a transaction changed, from the storage layout of the code that
 * owns each account's storage (lib/contracts/storage-layout.ts): the account's own verified source;
 * for an EIP-1967 proxy, its implementation's (the slot proven at the transaction's block); for a
 * clone, its implementation's; for a contract with a similar match, its twin's. A mapping's entry
 * is named when its key is one the transaction carries: an address of its call tree, a word of a
 * call's input, a topic of a log. Every lookup that fails leaves the slots to the standards' names.
 */
import type { Address, Hex } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import { checkProxySlots, EIP1967 } from '@/lib/checks/proxy-slots';
import { loadCodeReading } from '@/lib/server/contracts/load-code-abis';
import { verifiedContractOf } from '@/lib/server/contracts/verified-source';
import { getClients } from '@/lib/server/node/clients';
import type { SlotNamer } from '@/lib/contracts/slot-names';
import { framesOf } from '@/lib/trace/frame-tree';
import type { AccountChanges, CallFrame } from '@/lib/rpc/trace-types';
import { layoutSlotNames, nameFromLayout, type StorageLayout } from '@/lib/contracts/storage-layout';

/** Keys tried per mapping (the first level; nested levels fewer, lib/contracts/storage-layout.ts). */
const MAX_KEYS = 96;
/** Accounts whose layouts are looked up. */
const MAX_ACCOUNTS = 24;

/** The values a transaction's mappings are likely keyed by, most telling first. */
export function keysOf(root: CallFrame): Hex[] {
  const keys = new Set<string>();
  const add = (value: string) => keys.size < MAX_KEYS && keys.add(value.toLowerCase());
  const frames = [...framesOf(root)].map((f) => f.frame);
  for (const f of frames) {
    add(f.from);
    if (f.to) add(f.to);
  }
  for (const f of frames) for (const log of f.logs) for (const topic of log.topics.slice(1)) add(topic);
  for (const f of frames) {
    if (f.type === 'CREATE' || f.type === 'CREATE2') continue;
    const args = f.input.slice(10);
    for (let i = 0; i + 64 <= args.length && i < 64 * 8; i += 64) add(`0x${args.slice(i, i + 64)}`);
  }
  return [...keys] as Hex[];
}

interface Layout {
  readonly layout: StorageLayout;
  readonly whose: string;
}

async function layoutOf(address: Address, block: { number: bigint; stateRoot: Hex }): Promise<Layout | null> {
  const own = await verifiedContractOf(address);
  if (own.state === 'verified') return own.contract.storageLayout ? { layout: own.contract.storageLayout, whose: "this contract's verified storage layout" } : null;
  const client = getClients().get(zoneOf(address).name);
  if (!client) return null;
  const proof = await client.getProof({ address, storageKeys: [EIP1967.implementation, EIP1967.admin], blockTag: block.number }).catch(() => null);
  const verdict = proof ? checkProxySlots(block.stateRoot, proof) : null;
  const implementation = verdict?.verified ? verdict.implementation.address : null;
  if (implementation) {
    const impl = await verifiedContractOf(implementation);
    if (impl.state === 'verified' && impl.contract.storageLayout) return { layout: impl.contract.storageLayout, whose: `the verified storage layout of its EIP-1967 implementation ${implementation}` };
    return null;
  }
  const reading = await loadCodeReading(address, block).catch(() => null);
  if (reading?.similar?.storageLayout) return { layout: reading.similar.storageLayout, whose: `the verified storage layout of ${reading.similar.address} (similar match)` };
  const cloneOf = reading?.proxy && (reading.proxy.standard === 'EIP-1167' || reading.proxy.standard === 'ERC-7511') ? reading.proxy.implementation : null;
  if (cloneOf) {
    const impl = await verifiedContractOf(cloneOf);
    if (impl.state === 'verified' && impl.contract.storageLayout) return { layout: impl.contract.storageLayout, whose: `the verified storage layout of its implementation ${cloneOf} (a clone)` };
  }
  return null;
}

/** A namer per lower-case address whose storage changed and whose layout is known. */
export async function loadSlotNames(accounts: readonly AccountChanges[], root: CallFrame, blockNumber: bigint): Promise<ReadonlyMap<string, SlotNamer>> {
  const changed = accounts.filter((a) => a.storage.length > 0).slice(0, MAX_ACCOUNTS);
  if (changed.length === 0) return new Map();
  const client = getClients().get(zoneOf(changed[0]!.address).name);
  const header = client ? await client.getHeaderByNumber({ blockNumber }).catch(() => null) : null;
  if (!header) return new Map();
  const block = { number: blockNumber, stateRoot: header.stateRoot };
  const keys = keysOf(root);
  const found = await Promise.all(
    changed.map(async (a) => {
      const layout = await layoutOf(a.address, block).catch(() => null);
      if (!layout) return null;
      const names = layoutSlotNames(layout.layout, keys, layout.whose);
      return [a.address.toLowerCase(), (slot: Hex) => nameFromLayout(names, slot)] as const;
    }),
  );
  return new Map(found.filter((f): f is NonNullable<typeof f> => f !== null));
}
