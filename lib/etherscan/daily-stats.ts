/**
 * Etherscan's daily statistics actions (module=stats, `daily…`), each a file of
 * ./actions/stats/ made by `dailyAction`: the zone's UTC days from `startdate` to `enddate`
 * (yyyy-MM-dd; a day without a stored block has no row, so a long range reads only the days the
 * index holds) with a stored block, `sort` asc (default) or desc, each item
 * `{ UTCDate, unixTimeStamp, … }` with the action's own fields in Etherscan's names and number
 * formats, read from the index's rollups (lib/index/readers/chain-stats-reader.ts: a day is the sum
 * of its hours, never a scan of blocks). The zone is the caller's (`/chain/<zone>/api` or `&chain=`).
 */
import type { StatsBucket } from '@/lib/index/readers/chain-stats-reader';
import { dailyStats } from '@/lib/index/readers/chain-stats-reader';
import { defineAction, type EtherscanAction, type ParamSpec } from './action';
import { bad, none, ok } from './envelope';
import { param } from './params';

export const DAILY_PARAMS: readonly ParamSpec[] = [
  { name: 'startdate', kind: 'text', required: true, description: 'The first UTC day, yyyy-MM-dd.' },
  { name: 'enddate', kind: 'text', required: true, description: 'The last UTC day, yyyy-MM-dd.' },
  { name: 'sort', kind: { oneOf: ['asc', 'desc'] }, description: 'asc (default: oldest first) or desc.' },
];

/** Days since 1970-01-01 of a yyyy-MM-dd date, or why it is not one. */
export function dayOfDate(raw: string, name: string): number | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== raw) return `Invalid parameter ${name}: must be a date in yyyy-MM-dd format`;
  return ms / 86_400_000;
}

interface DailyDefinition {
  readonly action: string;
  readonly summary: string;
  /** The action's own fields of one day, in Etherscan's names and formats. */
  readonly fields: (day: StatsBucket) => Readonly<Record<string, string | number>>;
}

export function dailyAction(d: DailyDefinition): EtherscanAction {
  return defineAction({
    module: 'stats',
    action: d.action,
    summary: `${d.summary} Per UTC day of the zone from the index's hourly rollups, days with an indexed block only.`,
    params: DAILY_PARAMS,
    methods: ['GET'],
    zone: { from: 'zone' },
    rateLimit: 'none',
    cache: 'per-index-version',
    envelope: 'etherscan',
    example: { startdate: '2024-01-01', enddate: '2024-01-31', sort: 'asc' },
    async handle(request, ctx) {
      const from = dayOfDate(param(request.params, 'startdate')!, 'startdate');
      if (typeof from === 'string') return bad(from);
      const to = dayOfDate(param(request.params, 'enddate')!, 'enddate');
      if (typeof to === 'string') return bad(to);
      if (to < from) return bad('Invalid parameter enddate: must not be before startdate');
      const index = await ctx.index();
      if (!index.ready) return bad(index.reason, 503);
      const zone = request.zone!;
      const days = await index.perVersion(`daily:${zone}:${from}:${to}`, () => dailyStats(index.db, zone, from, to, true));
      if (days.length === 0) return none('No records found');
      const items = days.map((day) => ({
        UTCDate: new Date(Number(day.start) * 1000).toISOString().slice(0, 10),
        unixTimeStamp: day.start.toString(),
        ...d.fields(day),
      }));
      return ok(param(request.params, 'sort') === 'desc' ? items.reverse() : items);
    },
  });
}
