'use client';

import { Line, LineChart, ResponsiveContainer, Tooltip, YAxis } from 'recharts';

/** The home page's base-fee line (recharts), loaded by FeeSparkline only once there are rows to draw. */
export function SparklineChart({ rows }: { rows: ReadonlyArray<{ block: number; baseFee: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={64}>
      <LineChart data={[...rows]} margin={{ top: 4, right: 0, bottom: 4, left: 0 }}>
        <YAxis hide domain={[0, (max: number) => (max > 0 ? max * 1.2 : 1)]} />
        <Tooltip
          contentStyle={{ background: 'var(--c-surface)', border: '1px solid var(--c-border)', color: 'var(--c-fg)', fontSize: 12 }}
          labelFormatter={(_, payload) => `Block ${String(payload[0]?.payload?.block ?? '')}`}
          formatter={(v) => (typeof v === 'number' ? `${v} gwei` : String(v))}
        />
        <Line type="stepAfter" dataKey="baseFee" name="base fee" stroke="var(--c-accent)" dot={false} strokeWidth={1.5} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
