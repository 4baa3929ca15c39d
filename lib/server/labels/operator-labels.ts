/**
 * Labels the operator ships for every reader: STRATA_LABELS=<path to a label file>
 * (lib/search/labels/label-file.ts for the format). Read once per process; a missing or malformed file
 * is a ConfigError naming the variable, so `npm start` stops with the reason instead of serving
 * pages without them.
 *
 * The file stays here, on the server: a file of 100,000 labels is megabytes, and an ABI can be
 * one alone. A page is sent the labels of the addresses it draws (`operatorLabelOf`,
 * `operatorLabelsIn`), an ABI only where a call is decoded (`operatorAbiOf`), the manager page one
 * page of a search (./search-operator-labels.ts), a live list what /api/labels answers.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '@/lib/ops/config';
import { parseLabelFile, type LabelEntry } from '@/lib/search/labels/label-file';

interface Loaded {
  readonly path: string | undefined;
  readonly labels: readonly LabelEntry[];
  /** Lower-case address → entry. */
  readonly index: ReadonlyMap<string, LabelEntry>;
}
type Env = Readonly<Record<string, string | undefined>>;

export function readLabelFile(path: string): readonly LabelEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError('STRATA_LABELS', `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = parseLabelFile(text);
  if (!parsed.ok) throw new ConfigError('STRATA_LABELS', `${path}: ${parsed.error}`);
  return parsed.labels;
}

/** The file as last read, in this bundle (each bundle reads the small file once: nothing to share). */
let cached: Loaded | undefined;

function loaded(env: Env): Loaded {
  const path = env.STRATA_LABELS?.trim() || undefined;
  if (cached && cached.path === path) return cached;
  const labels = path ? readLabelFile(path) : [];
  cached = { path, labels, index: new Map(labels.map((l) => [l.address.toLowerCase(), l])) };
  return cached;
}

/** The operator's labels (none when STRATA_LABELS is unset), in the file's order. */
export function operatorLabels(env: Env = process.env): readonly LabelEntry[] {
  return loaded(env).labels;
}

/** The operator's label of an address (any case), without its ABI. */
export function operatorLabelOf(address: string, env: Env = process.env): string | undefined {
  return loaded(env).index.get(address.toLowerCase())?.label;
}

/** The ABI the operator attached to an address, for decoding a call to it. */
export function operatorAbiOf(address: string | null | undefined, env: Env = process.env): string | undefined {
  return address ? loaded(env).index.get(address.toLowerCase())?.abi : undefined;
}

/** Lower-case address → label, for those of `addresses` the operator labels. */
export function operatorLabelsFor(addresses: Iterable<string>, env: Env = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  const { index } = loaded(env);
  for (const address of addresses) {
    const key = address.toLowerCase();
    const entry = index.get(key);
    if (entry) out[key] = entry.label;
  }
  return out;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Every address-shaped string inside `value` (a loader's result handed to a client component that
 * draws it), lower case, with its label or null for none: what that component's first render
 * needs, found without knowing the value's shape. The nulls spare the browser asking about them.
 */
export function operatorLabelsIn(value: unknown, env: Env = process.env): Record<string, string | null> {
  const found = new Set<string>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      if (ADDRESS.test(v)) found.add(v);
    } else if (Array.isArray(v)) {
      for (const item of v) visit(item);
    } else if (typeof v === 'object' && v !== null) {
      for (const item of Object.values(v)) visit(item);
    }
  };
  visit(value);
  const { index } = loaded(env);
  return Object.fromEntries([...found].map((a) => [a.toLowerCase(), index.get(a.toLowerCase())?.label ?? null]));
}
