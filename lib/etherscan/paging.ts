/** page and offset as txlist reads them: offset 1–1000, page × offset ≤ 10,000 (lib/history/etherscan.ts, MAX_WINDOW). */
import { MAX_WINDOW } from '@/lib/history/etherscan';
import type { ParamSpec } from './action';
import { param } from './params';

export const PAGE_PARAMS: readonly ParamSpec[] = [
  { name: 'page', kind: 'decimal', description: 'The page, from 1.' },
  { name: 'offset', kind: 'decimal', description: 'Items per page, 1 to 1000 (page × offset ≤ 10,000).' },
];

/** The SQL offset and limit, or a NOTOK message. */
export function pageOf(params: URLSearchParams, defaultOffset: number): { readonly offset: number; readonly limit: number } | string {
  const page = Number(param(params, 'page') ?? '1');
  const size = Number(param(params, 'offset') ?? String(defaultOffset));
  if (page < 1) return 'page must be a positive integer';
  if (size < 1 || size > 1000) return 'offset must be an integer from 1 to 1000';
  if (page * size > MAX_WINDOW) return `Result window is too large, PageNo x Offset size must be less than or equal to ${MAX_WINDOW}`;
  return { offset: (page - 1) * size, limit: size };
}
