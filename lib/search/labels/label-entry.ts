/**
 * The light half of the label file format (label-file.ts): what every page needs to show labels
 * and to keep the reader's own, without viem or the ABI parser. The label tag of every address
 * (components/labels/use-labels.ts) loads this on every page; checking a file from outside (an import, STRATA_LABELS) with checksums and
 * ABIs stays in label-file.ts, loaded only where a file is read.
 */
import type { Address } from 'viem';

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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function serializeLabelFile(labels: readonly LabelEntry[]): string {
  return `${JSON.stringify({ version: LABEL_FILE_VERSION, labels }, null, 2)}\n`;
}

/** Address → entry, keyed by the lower-case address. */
export function labelIndex(labels: readonly LabelEntry[]): ReadonlyMap<string, LabelEntry> {
  return new Map(labels.map((l) => [l.address.toLowerCase(), l]));
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Reads labels this explorer stored itself (the reader's local storage, written by
 * serializeLabelFile after parseLabelFile or the editor checked them): the shape is checked, the
 * checksum and the ABI are not (an ABI is parsed where it decodes, which says when it cannot).
 * Anything else (another version, a malformed entry) reads as no labels.
 */
export function readStoredLabels(text: string): readonly LabelEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(json) || json.version !== LABEL_FILE_VERSION || !Array.isArray(json.labels)) return [];
  const entries: LabelEntry[] = [];
  for (const item of json.labels) {
    if (!isRecord(item) || typeof item.address !== 'string' || !HEX_ADDRESS.test(item.address) || typeof item.label !== 'string') return [];
    const label = checkLabel(item.label);
    if (!label.ok || (item.abi !== undefined && typeof item.abi !== 'string')) return [];
    const address = item.address as Address;
    entries.push(typeof item.abi === 'string' ? { address, label: label.label, abi: item.abi } : { address, label: label.label });
  }
  return entries;
}
