/**
 * Labels the operator ships for every reader: STRATA_LABELS=<path to a label file>
 * (lib/labels/label-file.ts for the format). Read once per process; a missing or malformed file
 * is a ConfigError naming the variable, so `npm start` stops with the reason instead of serving
 * pages without them.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '@/lib/config';
import { parseLabelFile, type LabelEntry } from '@/lib/labels/label-file';

const HOLDER = Symbol.for('strata.operatorLabels');
type Holder = { [HOLDER]?: { readonly path: string | undefined; readonly labels: readonly LabelEntry[] } };

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

/** The operator's labels (none when STRATA_LABELS is unset). */
export function operatorLabels(env: Readonly<Record<string, string | undefined>> = process.env): readonly LabelEntry[] {
  const path = env.STRATA_LABELS?.trim() || undefined;
  const holder = globalThis as Holder;
  if (holder[HOLDER] && holder[HOLDER].path === path) return holder[HOLDER].labels;
  const labels = path ? readLabelFile(path) : [];
  holder[HOLDER] = { path, labels };
  return labels;
}
