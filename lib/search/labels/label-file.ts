/**
 * Address labels (a name, optionally an ABI) in one JSON format, used three ways: the reader's
 * export and import, the operator's STRATA_LABELS file, and the devnet's default labels.
 *
 *   { "version": 1, "labels": [ { "address": "0x…", "label": "DevToken", "abi": "…optional…" } ] }
 *
 * `abi` is text in any form the ABI box accepts (JSON ABI, artifact, one signature per line).
 * Pure and browser-safe; parsing never throws, it says which entry is wrong and why.
 */
import { getAddress, isAddress } from 'viem';
import { parseAbiText } from '@/lib/decode/abi';
import { checkLabel, isRecord, LABEL_FILE_VERSION, type LabelEntry, type ParsedLabels } from './label-entry';

export { checkLabel, labelIndex, LABEL_FILE_VERSION, MAX_LABEL_LENGTH, serializeLabelFile, type CheckedLabel, type LabelEntry, type ParsedLabels } from './label-entry';

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
