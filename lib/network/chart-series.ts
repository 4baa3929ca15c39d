/**
 * The charts of a zone (/charts) and what each draws: its id (its CSV's `series`), title, and the
 * figures of ChainStatsPoint it plots, each on the left or right axis. Pure and browser-safe: the
 * page, the charts and the CSV answer read the same list.
 */
import type { ChainStatsPoint } from './chain-stats';
import type { SeriesId } from '@/lib/routes/params/chart-params';

export type PointKey = Exclude<keyof ChainStatsPoint, 'start'>;

export interface ChartLine {
  readonly key: PointKey;
  readonly label: string;
  /** The right axis, for a figure of another scale than the first. */
  readonly right?: true;
}

export interface ChartSeries {
  readonly id: SeriesId;
  readonly title: string;
  /** What the chart shows, for a screen reader and the caption. */
  readonly about: string;
  readonly kind: 'line' | 'bar';
  readonly lines: readonly ChartLine[];
}

export const CHART_SERIES: readonly ChartSeries[] = [
  { id: 'block-time', title: 'Block time', about: 'average seconds between a block and its parent', kind: 'line', lines: [{ key: 'blockTime', label: 'Block time (s)' }] },
  {
    id: 'difficulty', title: 'Difficulty and hash rate', about: 'average difficulty, and hash rate (difficulty over block time, hashes per second)', kind: 'line',
    lines: [{ key: 'difficulty', label: 'Difficulty' }, { key: 'hashRate', label: 'Hash rate (H/s)', right: true }],
  },
  {
    id: 'gas', title: 'Gas used and base fee', about: 'gas used in all, and the average base fee in wei', kind: 'line',
    lines: [{ key: 'gasUsed', label: 'Gas used' }, { key: 'baseFee', label: 'Base fee (wei)', right: true }],
  },
  { id: 'gas-price', title: 'Gas price', about: 'average effective gas price of the transactions, in wei', kind: 'line', lines: [{ key: 'gasPrice', label: 'Gas price (wei)' }] },
  { id: 'uncles', title: 'Uncle rate', about: 'uncles included per block', kind: 'line', lines: [{ key: 'uncleRate', label: 'Uncles per block' }] },
  { id: 'blocks', title: 'Blocks and uncles', about: 'blocks mined and uncles included', kind: 'bar', lines: [{ key: 'blocks', label: 'Blocks' }, { key: 'uncles', label: 'Uncles' }] },
  { id: 'transactions', title: 'Transactions', about: 'transactions of every type', kind: 'bar', lines: [{ key: 'transactions', label: 'Transactions' }] },
  {
    id: 'etxs', title: 'ETXs sent and received', about: 'external transactions emitted to other zones, and received from them', kind: 'bar',
    lines: [{ key: 'etxSent', label: 'ETXs sent' }, { key: 'etxReceived', label: 'ETXs received' }],
  },
  {
    id: 'addresses', title: 'New and active addresses', about: 'addresses seen for the first time, and distinct active addresses (per day only)', kind: 'bar',
    lines: [{ key: 'newAddresses', label: 'New addresses' }, { key: 'activeAddresses', label: 'Active addresses' }],
  },
];


/** A CSV of `points`: its start and, for each line of `series` (every figure when absent), its value. */
export function statsCsv(points: readonly ChainStatsPoint[], series?: ChartSeries): string {
  const keys: PointKey[] = series ? series.lines.map((l) => l.key) : (Object.keys(points[0] ?? {}).filter((k) => k !== 'start') as PointKey[]);
  const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  return [['start', ...keys].join(','), ...points.map((p) => [p.start, ...keys.map((k) => cell(p[k]))].join(','))].join('\n') + '\n';
}
