/**
 * The signature database as the pages ask it: by selector (functions, errors) or topic0
 * (events), the ABI items that hash to it. Two sources stack: the database Strata ships
 * (./database.json, built by `npm run build:signatures` from the ABIs of registry packages and
 * Strata's tables) and this instance's own (every ABI verified or attached here), which a server
 * loader reads for the selectors a page needs (lib/server/signatures/). Pure; parses each line
 * once, when first asked.
 */
import { parseAbiItem, type Abi, type AbiEvent, type AbiFunction, type Hex } from 'viem';

type AbiError = Extract<Abi[number], { readonly type: 'error' }>;
import shipped from './database.json';
import type { SignatureKind } from './format';

export type AbiItemOf<K extends SignatureKind> = K extends 'function' ? AbiFunction : K extends 'event' ? AbiEvent : AbiError;

/** Lines by kind, then by lower-case selector or topic0. */
export type SignatureLines = Readonly<Record<SignatureKind, ReadonlyMap<string, readonly string[]>>>;

interface ShippedDatabase {
  readonly sources: readonly { readonly name: string; readonly version: string; readonly files: number; readonly signatures: number }[];
  readonly functions: Readonly<Record<string, readonly string[]>>;
  readonly events: Readonly<Record<string, readonly string[]>>;
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

const db = shipped as ShippedDatabase;

/** The packages the shipped database was built from, with their versions and counts (for docs and the API). */
export const SHIPPED_SOURCES = db.sources;

const SHIPPED_LINES: SignatureLines = {
  function: new Map(Object.entries(db.functions)),
  event: new Map(Object.entries(db.events)),
  error: new Map(Object.entries(db.errors)),
};

const parsed = new Map<string, AbiFunction | AbiEvent | AbiError | null>();
function parseLine(line: string): AbiFunction | AbiEvent | AbiError | null {
  let item = parsed.get(line);
  if (item === undefined) {
    try {
      const read = parseAbiItem(line);
      item = read.type === 'function' || read.type === 'event' || read.type === 'error' ? read : null;
    } catch {
      // A line of this instance's own that does not parse names nothing.
      item = null;
    }
    parsed.set(line, item);
  }
  return item;
}

/** Where a signature comes from: the shipped database, or an ABI verified or attached on this instance. */
export type SignatureSource = 'shipped' | 'instance';

export interface Signature<K extends SignatureKind> {
  readonly item: AbiItemOf<K>;
  readonly line: string;
  readonly source: SignatureSource;
}

export interface SignatureBook {
  lookup<K extends SignatureKind>(kind: K, selector: Hex): readonly Signature<K>[];
}

/** The shipped lines, then `instance`'s (the same line twice counts once). */
export function signatureBook(instance?: SignatureLines): SignatureBook {
  return {
    lookup<K extends SignatureKind>(kind: K, selector: Hex): readonly Signature<K>[] {
      const key = selector.toLowerCase();
      const out: Signature<K>[] = [];
      const seen = new Set<string>();
      const take = (lines: readonly string[] | undefined, source: SignatureSource) => {
        for (const line of lines ?? []) {
          if (seen.has(line)) continue;
          seen.add(line);
          const item = parseLine(line);
          if (item && item.type === kind) out.push({ item: item as AbiItemOf<K>, line, source });
        }
      };
      take(SHIPPED_LINES[kind].get(key), 'shipped');
      take(instance?.[kind].get(key), 'instance');
      return out;
    },
  };
}

/** The shipped database alone (no instance's ABIs): tests, benches, and a page without an index. */
export const SHIPPED_BOOK = signatureBook();
