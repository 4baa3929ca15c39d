/**
 * The Stats API's shapes (README, "Stats API"), drawn by the network page's Activity section:
 * daily counts and the ETX flow, or why the index cannot answer. Built by
 * lib/server/network/load-stats.ts; type-only, so client components import it without the loader.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { FlowPeriod } from '@/lib/routes/params/stats-params';

export interface DayCountsJson {
  readonly day: string;
  readonly blocks: number;
  readonly transactions: number;
  readonly etxSent: number;
  readonly etxReceived: number;
  readonly activeAddresses: number;
}

export interface DailyStatsJson {
  readonly chain: ChainName;
  readonly days: readonly DayCountsJson[];
}

export interface EtxFlowJson {
  readonly period: FlowPeriod;
  readonly from: string;
  readonly to: string;
  readonly zones: readonly ChainName[];
  /** ETXs sent in the period, [origin][destination] in the order of `zones`. */
  readonly counts: readonly (readonly number[])[];
  readonly delivered: readonly (readonly number[])[];
  readonly pending: readonly (readonly number[])[];
}

export type StatsLoad<T> =
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string };
