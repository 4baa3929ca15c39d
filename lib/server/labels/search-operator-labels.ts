/**
 * One page of the operator's labels for the manager page (/labels): filtered on the server by a
 * text the reader types, so the page carries PAGE_SIZE entries whether the file has 50 or 100,000.
 */
import { operatorLabels } from './operator-labels';

export const PAGE_SIZE = 50;

export interface OperatorLabelRow {
  readonly address: string;
  readonly label: string;
  readonly hasAbi: boolean;
}

export interface OperatorLabelPage {
  readonly query: string;
  /** 1-based, clamped to the last page. */
  readonly page: number;
  readonly pages: number;
  /** Entries matching the query. */
  readonly total: number;
  readonly rows: readonly OperatorLabelRow[];
}

/** Entries whose label or address contains `query` (any case), in the file's order; page `page`. */
export function searchOperatorLabels(query: string, page: number, env: Readonly<Record<string, string | undefined>> = process.env): OperatorLabelPage {
  const needle = query.trim().toLowerCase();
  const all = operatorLabels(env);
  const matches = needle ? all.filter((l) => l.label.toLowerCase().includes(needle) || l.address.toLowerCase().includes(needle)) : all;
  const pages = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const at = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = matches.slice((at - 1) * PAGE_SIZE, at * PAGE_SIZE).map((l) => ({ address: l.address, label: l.label, hasAbi: l.abi !== undefined }));
  return { query: query.trim(), page: at, pages, total: matches.length, rows };
}
