/**
 * Parameters of the stats API and the network page's Activity section: a zone, a number of days
 * (1..365, default 30) and an ETX-flow period (24h, 7d or 30d, default 24h). Bad values are a
 * message for a 400, never an exception.
 */
import { ZONES, type ChainName } from '@/lib/protocol/chains';
import type { Parsed } from './history-params';

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 365;

export const FLOW_PERIODS = { '24h': 86_400n, '7d': 7n * 86_400n, '30d': 30n * 86_400n } as const;
export type FlowPeriod = keyof typeof FLOW_PERIODS;
export const DEFAULT_FLOW_PERIOD: FlowPeriod = '24h';

export function parseZone(raw: string | null | undefined): Parsed<ChainName> {
  const zone = ZONES.find((z) => z.name === raw);
  if (!zone) {
    return { ok: false, error: `chain must be one of the zones ${ZONES.map((z) => z.name).join(', ')}, got "${(raw ?? '').slice(0, 40)}"` };
  }
  return { ok: true, value: zone.name };
}

export function parseDays(raw: string | null | undefined): Parsed<number> {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: DEFAULT_DAYS };
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_DAYS) {
    return { ok: false, error: `days must be an integer from 1 to ${MAX_DAYS}, got "${raw.slice(0, 20)}"` };
  }
  return { ok: true, value: Number(raw) };
}

export function isFlowPeriod(raw: string): raw is FlowPeriod {
  return Object.hasOwn(FLOW_PERIODS, raw);
}

export function parseFlowPeriod(raw: string | null | undefined): Parsed<FlowPeriod> {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: DEFAULT_FLOW_PERIOD };
  if (!isFlowPeriod(raw)) return { ok: false, error: `period must be 24h, 7d or 30d, got "${raw.slice(0, 20)}"` };
  return { ok: true, value: raw };
}
