/**
 * Storage slots named by a verified contract's layout (solc's `storageLayout` output, kept at
 * verification): which variable a slot holds, a struct's member, an array's element, a mapping's
 * entry for a key that is known. A mapping's slot is keccak256(key . slot), so it can be named only
 * from keys someone supplies (a transaction's addresses, arguments and topics); an array's
 * elements sit from keccak256(slot) on, so an element is named from where it falls. Pure.
 */
import { concatHex, keccak256, numberToHex, padHex, type Hex } from 'viem';
import type { SlotName } from '@/lib/contracts/slot-names';

interface LayoutEntry {
  readonly label: string;
  readonly slot: string;
  readonly offset: number;
  readonly type: string;
}
interface LayoutType {
  readonly encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes';
  readonly label: string;
  readonly numberOfBytes: string;
  readonly key?: string;
  readonly value?: string;
  readonly base?: string;
  readonly members?: readonly LayoutEntry[];
}
export interface StorageLayout {
  readonly storage: readonly LayoutEntry[];
  readonly types: Readonly<Record<string, LayoutType>> | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** solc's layout as JSON text, checked; null when absent or not a layout. */
export function parseStorageLayout(text: string | null): StorageLayout | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !Array.isArray(value.storage)) return null;
  const entry = (e: unknown): e is LayoutEntry =>
    isRecord(e) && typeof e.label === 'string' && typeof e.slot === 'string' && /^\d{1,80}$/.test(e.slot) && typeof e.offset === 'number' && typeof e.type === 'string';
  if (!value.storage.every(entry)) return null;
  return { storage: value.storage as LayoutEntry[], types: isRecord(value.types) ? (value.types as Record<string, LayoutType>) : null };
}

/** The most elements of an array, or entries of a packed static array, named. */
const MAX_ELEMENTS = 1 << 20;
/** Keys tried per mapping level below the first (a mapping of mappings tries keys × keys). */
const NESTED_KEYS = 32;
/** Struct members and mapping values are followed this deep. */
const MAX_DEPTH = 3;

const word = (n: bigint): Hex => numberToHex(n, { size: 32 });

/** A key as a mapping hashes it: value types left-padded (bytesN right-padded); dynamic keys are not known. */
function encodeKey(keyType: string, key: Hex): Hex | null {
  const bytes = (key.length - 2) / 2;
  if (/^bytes\d+$/.test(keyType)) return bytes <= 32 ? padHex(key, { size: 32, dir: 'right' }) : null;
  if (keyType === 'string' || keyType === 'bytes') return null;
  return bytes <= 32 ? padHex(key, { size: 32 }) : null;
}

const typeLabel = (t: LayoutType | undefined): string => t?.label ?? 'unknown';

export interface SlotNames {
  readonly forward: Map<string, SlotName>;
  readonly arrays: { readonly base: bigint; readonly label: string; readonly slotsPerElement: number; readonly perSlot: number }[];
}

/**
 * Names for the slots of `layout`, and for the entries of its mappings under `keys` (32-byte or
 * shorter hex values: addresses, numbers, hashes). `source`: who named it, shown on hover.
 */
export function layoutSlotNames(layout: StorageLayout, keys: readonly Hex[], source: string): SlotNames {
  const forward = new Map<string, SlotName>();
  const arrays: SlotNames['arrays'] = [];
  const types = layout.types ?? {};
  const name = (slot: bigint, label: string, type: LayoutType | undefined, offset: number) => {
    const key = word(slot);
    const existing = forward.get(key);
    const text = `${label}${offset > 0 ? ` (byte ${offset})` : ''}`;
    forward.set(key, {
      name: existing ? `${existing.name}, ${text}` : text,
      source: `${source}: ${typeLabel(type)}`,
      holdsAddress: !existing && type?.label === 'address' && offset === 0,
    });
  };
  const walk = (slot: bigint, label: string, typeId: string, offset: number, depth: number, keyList: readonly Hex[]) => {
    const type = types[typeId];
    if (!type || depth > MAX_DEPTH) return name(slot, label, type, offset);
    switch (type.encoding) {
      case 'inplace': {
        if (type.members) {
          for (const m of type.members) walk(slot + BigInt(m.slot), `${label}.${m.label}`, m.type, m.offset, depth + 1, keyList);
          return;
        }
        if (type.base) {
          // A static array: packed when its elements are smaller than a slot.
          const size = Number(types[type.base]?.numberOfBytes ?? 32);
          const total = Number(type.numberOfBytes);
          const perSlot = size < 32 ? Math.floor(32 / size) : 1;
          const slotsPerElement = size < 32 ? 1 : Math.ceil(size / 32);
          const count = Math.min(MAX_ELEMENTS, perSlot > 1 ? Math.floor(total / 32) * perSlot : total / 32 / slotsPerElement);
          if (count <= 64) {
            for (let i = 0; i < count; i++) {
              const at = slot + BigInt(perSlot > 1 ? Math.floor(i / perSlot) : i * slotsPerElement);
              walk(at, `${label}[${i}]`, type.base, perSlot > 1 ? (i % perSlot) * size : 0, depth + 1, keyList);
            }
          }
          return;
        }
        return name(slot, label, type, offset);
      }
      case 'mapping': {
        name(slot, label, type, offset);
        if (!type.key || !type.value) return;
        for (const key of keyList) {
          const encoded = encodeKey(types[type.key]?.label ?? type.key, key);
          if (!encoded) continue;
          const entry = BigInt(keccak256(concatHex([encoded, word(slot)])));
          const shown = types[type.key]?.label === 'address' ? key.toLowerCase() : BigInt(key).toString();
          walk(entry, `${label}[${shown}]`, type.value, 0, depth + 1, keyList.slice(0, NESTED_KEYS));
        }
        return;
      }
      case 'dynamic_array': {
        name(slot, `${label}.length`, type, offset);
        const base = type.base ? types[type.base] : undefined;
        const size = Number(base?.numberOfBytes ?? 32);
        arrays.push({
          base: BigInt(keccak256(word(slot))),
          label,
          slotsPerElement: size < 32 ? 1 : Math.ceil(size / 32),
          perSlot: size < 32 ? Math.floor(32 / size) : 1,
        });
        return;
      }
      case 'bytes': {
        name(slot, label, type, offset);
        arrays.push({ base: BigInt(keccak256(word(slot))), label: `${label} (data)`, slotsPerElement: 1, perSlot: 0 });
        return;
      }
    }
  };
  const unique = [...new Set(keys.map((k) => k.toLowerCase() as Hex))];
  for (const entry of layout.storage) walk(BigInt(entry.slot), entry.label, entry.type, entry.offset, 0, unique);
  return { forward, arrays };
}

/** The name of `slot` (32-byte hex) under `names`: a variable, a member, an entry, or an element by where it falls. */
export function nameFromLayout(names: SlotNames, slot: Hex): SlotName | undefined {
  const found = names.forward.get(word(BigInt(slot)));
  if (found) return found;
  const n = BigInt(slot);
  for (const a of names.arrays) {
    if (n < a.base) continue;
    const index = (n - a.base) / BigInt(a.slotsPerElement);
    if (index >= BigInt(MAX_ELEMENTS)) continue;
    if (a.perSlot === 0) return { name: `${a.label}, word ${index}`, source: 'the verified storage layout', holdsAddress: false };
    const shown = a.perSlot > 1 ? `[${index * BigInt(a.perSlot)}…${index * BigInt(a.perSlot) + BigInt(a.perSlot - 1)}]` : `[${index}]`;
    return { name: `${a.label}${shown}`, source: 'the verified storage layout: an element of a dynamic array', holdsAddress: false };
  }
  return undefined;
}
