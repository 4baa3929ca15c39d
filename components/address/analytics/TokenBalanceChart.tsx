'use client';

import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUnits } from 'viem';

const AXIS = { stroke: 'var(--c-muted)', fontSize: 10 } as const;
const TOOLTIP_STYLE = { background: 'var(--c-surface)', border: '1px solid var(--c-border)', color: 'var(--c-fg)', fontSize: 12 } as const;

/** A token's balance through time, one point per block that moved it (decimal strings from the page). */
export function TokenBalanceChart({ points, decimals, unit }: {
  points: readonly { readonly timestamp: string; readonly balance: string }[];
  decimals: number;
  unit: string;
}) {
  const rows = points.map((p) => ({ time: Number(p.timestamp), value: Number(formatUnits(BigInt(p.balance), decimals)) }));
  return (
    <ResponsiveContainer width="100%" height={140}>
      <LineChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <XAxis dataKey="time" type="number" scale="time" domain={['dataMin', 'dataMax']} tick={AXIS} stroke="var(--c-border)" minTickGap={24}
          tickFormatter={(t: number) => new Date(t * 1000).toISOString().slice(0, 10)} />
        <YAxis dataKey="value" tick={AXIS} stroke="var(--c-border)" width={56} tickCount={3} />
        <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(t) => `${new Date(Number(t) * 1000).toISOString().replace('T', ' ').slice(0, 19)} UTC`}
          formatter={(value) => [`${String(value)} ${unit}`, 'Balance']} />
        <Line type="stepAfter" dataKey="value" stroke="var(--c-region)" strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
