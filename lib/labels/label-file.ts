/**
 * Address labels (a name, optionally an ABI) in one JSON format, used three ways: the reader's
 * export and import, the operator's STRATA_LABELS file, and the devnet's default labels.
 *
 *   { "version": 1, "labels": [ { "address": "0x…", "label": "DevToken", "abi": "…optional…" } ] }
 *
 * `abi` is text in any form the ABI box accepts (JSON ABI, artifact, one signature per line).
 * Pure and browser-safe; parsing never throws, it says which entry is wrong and why.
 */
import { getAddress, isAddress, type Address } from 'viem';
import { parseAbiText } from '@/lib/decode/abi';

export interface LabelEntry {
  readonly address: Address;
  readonly label: string;
  readonly abi?: string;
}

export const LABEL_FILE_VERSION = 1;
/** Long enough for "Uniswap V3: Router 2 (cyprus1)", short enough to sit beside an address. */
export const MAX_LABEL_LENGTH = 64;

export type ParsedLabels = { readonly ok: true; readonly labels: readonly LabelEntry[] } | { readonly ok: false; readonly error: string };
export type CheckedLabel = { readonly ok: true; readonly label: string } | { readonly ok: false; readonly error: string };

/** A label as typed: trimmed, no control characters, 1 to MAX_LABEL_LENGTH characters. */
export function checkLabel(text: string): CheckedLabel {
  const label = text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!label) return { ok: false, error: 'A label cannot be empty.' };
  if (label.length > MAX_LABEL_LENGTH) return { ok: false, error: `A label has at most ${MAX_LABEL_LENGTH} characters (this one has ${label.length}).` };
  return { ok: true, label };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function entryAt(item: unknown, i: number): LabelEntry | string {
  if (!isRecord(item)) return `entry ${i} is not an object`;
  if (typeof item.address !== 'string' || !isAddress(item.address, { strict: false })) return `entry ${i}: "address" is not a 20-byte hex address`;
  if (typeof item.label !== 'string') return `entry ${i}: "label" must be a string`;
  const label = checkLabel(item.label);
  if (!label.ok) return `entry ${i}: ${label.error}`;
  if (item.abi !== undefined) {
    if (typeof item.abi !== 'string') return `entry ${i}: "abi" must be text (a JSON ABI as a string, or signatures)`;
    const abi = parseAbiText(item.abi);
    if (!abi.ok) return `entry ${i}: ${abi.error}`;
  }
  const address = getAddress(item.address.toLowerCase());
  return item.abi === undefined ? { address, label: label.label } : { address, label: label.label, abi: item.abi };
}

/** Reads a label file; a later entry for the same address replaces an earlier one. */
export function parseLabelFile(text: string): ParsedLabels {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isRecord(json) || !Array.isArray(json.labels)) return { ok: false, error: 'Expected an object with a "labels" array: { "version": 1, "labels": [ … ] }.' };
  if (json.version !== LABEL_FILE_VERSION) return { ok: false, error: `Unknown version ${JSON.stringify(json.version)}: this explorer reads version ${LABEL_FILE_VERSION}.` };
  const byAddress = new Map<string, LabelEntry>();
  for (const [i, item] of json.labels.entries()) {
    const entry = entryAt(item, i);
    if (typeof entry === 'string') return { ok: false, error: entry };
    byAddress.set(entry.address.toLowerCase(), entry);
  }
  return { ok: true, labels: [...byAddress.values()] };
}

export function serializeLabelFile(labels: readonly LabelEntry[]): string {
  return `${JSON.stringify({ version: LABEL_FILE_VERSION, labels }, null, 2)}\n`;
}

/** Address → entry, keyed by the lower-case address. */
export function labelIndex(labels: readonly LabelEntry[]): ReadonlyMap<string, LabelEntry> {
  return new Map(labels.map((l) => [l.address.toLowerCase(), l]));
}
