'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyStatsJson } from '@/lib/network/stats-json';

const AXIS = { stroke: 'var(--c-muted)', fontSize: 10 } as const;
const TOOLTIP_STYLE = { background: 'var(--c-surface)', border: '1px solid var(--c-border)', color: 'var(--c-fg)', fontSize: 12 } as const;

/**
 * Transactions per UTC day, one small chart per zone (same day axis, each its own scale), with the
 * day's ETXs sent and received and active addresses in the tooltip. Data prepared on the server.
 */
export function DailyCharts({ zones }: { zones: readonly (DailyStatsJson & { readonly label: string })[] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="daily-charts">
      {zones.map((zone) => {
        const total = zone.days.reduce((a, d) => a + d.transactions, 0);
        const rows = zone.days.map((d) => ({ ...d, day: d.day.slice(5) }));
        return (
          <figure key={zone.chain} data-testid="daily-chart" data-chain={zone.chain} data-total={total} className="min-w-0 rounded-md border border-border p-2">
            <figcaption className="mb-1 flex justify-between text-xs">
              <span className="font-semibold">{zone.label}</span>
              <span className="text-muted tabular-nums">{total.toLocaleString('en-US')} tx</span>
            </figcaption>
            <div role="img" aria-label={`${zone.label}: transactions per day, ${total} in ${zone.days.length} days`}>
              <ResponsiveContainer width="100%" height={120}>
                <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke="var(--c-border)" strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="day" tick={AXIS} stroke="var(--c-border)" minTickGap={16} />
                  <YAxis tick={AXIS} stroke="var(--c-border)" width={36} allowDecimals={false} tickCount={3} />
                  <Tooltip
                    contentStyle={TOOLTIP_STYLE}
                    cursor={{ fill: 'var(--c-surface-2)' }}
                    labelFormatter={(day) => `${String(day)} (UTC)`}
                    formatter={(value, name) => [typeof value === 'number' ? value.toLocaleString('en-US') : String(value), name]}
                  />
                  <Bar dataKey="transactions" name="transactions" fill="var(--c-zone)" isAnimationActive={false} />
                  <Bar dataKey="etxSent" name="ETXs sent" fill="var(--c-region)" isAnimationActive={false} hide />
                  <Bar dataKey="etxReceived" name="ETXs received" fill="var(--c-prime)" isAnimationActive={false} hide />
                  <Bar dataKey="activeAddresses" name="active addresses" fill="var(--c-ok)" isAnimationActive={false} hide />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>
        );
      })}
    </div>
  );
}
