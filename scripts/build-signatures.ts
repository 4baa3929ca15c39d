/**
 * `npm run build:signatures`: writes the signature database Strata ships
 * (lib/decode/signature-db/database.json, committed): every function, event and error declared by
 * the ABIs in these registry packages (devDependencies, read from node_modules) and Strata's own
 * tables, keyed by selector (events by topic0), each as one line of human-readable Solidity with
 * its parameters' names. Where two sources declare the same signature the first one's names are
 * kept; different signatures under one selector (a collision) are all kept, and the pages then
 * say "guessed". Prints the sources, the counts, the file's size and how long it took.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAbi, type Abi, type AbiParameter } from 'viem';
import { ERROR_SIGNATURES } from '../lib/decode/error-signatures';
import { STANDARD_EVENTS } from '../lib/decode/events';
import { FUNCTION_SIGNATURES } from '../lib/decode/signatures';
import { canonicalOf, formatEntry, selectorOf, type SignatureKind } from '../lib/decode/signature-db/format';

const started = performance.now();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'lib/decode/signature-db/database.json');

interface Source {
  /** The package, or `strata` for the tables in lib/decode. */
  readonly name: string;
  readonly version: string;
  /** Where in the package its ABIs are (artifact JSON files with an `abi` array). */
  readonly dirs: readonly string[];
}

/** In priority order: a signature's parameter names are the first source's that declares it. */
const PACKAGES: readonly Source[] = [
  { name: '@openzeppelin/contracts', version: '', dirs: ['build/contracts'] },
  { name: '@uniswap/v2-core', version: '', dirs: ['build'] },
  { name: '@uniswap/v2-periphery', version: '', dirs: ['build'] },
  { name: '@uniswap/v3-core', version: '', dirs: ['artifacts/contracts'] },
  { name: '@uniswap/v3-periphery', version: '', dirs: ['artifacts/contracts'] },
  { name: '@safe-global/safe-deployments', version: '', dirs: ['dist/assets'] },
];

function* jsonFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* jsonFiles(path);
    else if (name.endsWith('.json') && !name.endsWith('.dbg.json') && name !== 'Combined-Json.json') yield path;
  }
}

type Table = Record<string, string[]>;
const tables: Record<SignatureKind, Table> = { function: {}, event: {}, error: {} };
/** Lines already kept, by kind, selector and shape (the canonical signature; events also which inputs are indexed). */
const seen = new Set<string>();

type Entry = { type: string; name?: string; inputs?: readonly (AbiParameter & { indexed?: boolean })[]; anonymous?: boolean };

function add(item: Entry): boolean {
  if (item.type !== 'function' && item.type !== 'event' && item.type !== 'error') return false;
  const line = formatEntry(item as never);
  if (!line || !item.name) return false;
  const kind = item.type;
  const inputs = item.inputs ?? [];
  const selector = selectorOf(kind, item.name, inputs);
  // The signature hashed, and for an event which inputs are indexed (ERC-20's and ERC-721's Transfer share topic0).
  const shape = `${kind}:${canonicalOf(item.name, inputs)}:${kind === 'event' ? inputs.map((p) => (p.indexed ? 'i' : '-')).join('') : ''}`;
  if (seen.has(shape)) return false;
  seen.add(shape);
  (tables[kind][selector] ??= []).push(line);
  return true;
}

const report: { name: string; version: string; files: number; added: number }[] = [];

// Strata's own tables first: the names its pages have always shown.
let own = 0;
for (const item of parseAbi(FUNCTION_SIGNATURES)) if (add(item as Entry)) own++;
for (const item of parseAbi(ERROR_SIGNATURES)) if (add(item as Entry)) own++;
for (const def of STANDARD_EVENTS) if (add(def.item as Entry)) own++;
report.push({ name: 'strata (lib/decode tables)', version: '', files: 3, added: own });

for (const source of PACKAGES) {
  const base = join(root, 'node_modules', source.name);
  const version = (JSON.parse(readFileSync(join(base, 'package.json'), 'utf8')) as { version: string }).version;
  let files = 0;
  let added = 0;
  for (const dir of source.dirs) {
    for (const file of jsonFiles(join(base, dir))) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      const abi = Array.isArray(json) ? (json as Abi) : (json as { abi?: Abi }).abi;
      if (!Array.isArray(abi)) continue;
      files++;
      for (const item of abi) if (add(item as Entry)) added++;
    }
  }
  report.push({ name: source.name, version, files, added });
}

const sorted = (t: Table): Table => Object.fromEntries(Object.entries(t).sort(([a], [b]) => a.localeCompare(b)));
const database = {
  format: 'strata-signatures',
  version: 1,
  sources: report.map(({ name, version, files, added }) => ({ name, version, files, signatures: added })),
  functions: sorted(tables.function),
  events: sorted(tables.event),
  errors: sorted(tables.error),
};
const text = `${JSON.stringify(database)}\n`;
writeFileSync(OUT, text);

const count = (t: Table) => Object.values(t).reduce((n, lines) => n + lines.length, 0);
const collisions = (t: Table) => Object.values(t).filter((lines) => lines.length > 1).length;
for (const r of report) console.log(`${r.name}${r.version ? `@${r.version}` : ''}: ${r.files} ABIs, ${r.added} new signatures`);
console.log(`functions ${count(tables.function)} (${Object.keys(tables.function).length} selectors, ${collisions(tables.function)} shared)`);
console.log(`events    ${count(tables.event)} (${Object.keys(tables.event).length} topics, ${collisions(tables.event)} shared)`);
console.log(`errors    ${count(tables.error)} (${Object.keys(tables.error).length} selectors, ${collisions(tables.error)} shared)`);
console.log(`wrote ${relative(root, OUT)}: ${text.length} bytes in ${Math.round(performance.now() - started)} ms`);
