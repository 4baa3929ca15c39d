'use client';

import Link from 'next/link';
import { useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUnits } from 'viem';
import { CheckInBrowser } from '@/components/evidence/CheckInBrowser';
import type { ChainName } from '@/lib/protocol/chains';
import { evidenceQuery } from '@/lib/routes/params/evidence-params';
import { urls } from '@/lib/routes/urls';

/** A change as the page hands it to the browser (decimal strings: wei and block numbers pass 2^53). */
export interface ChartPoint {
  readonly blockNumber: string;
  readonly timestamp: string;
  readonly balance: string;
  readonly delta: string;
}

const AXIS = { stroke: 'var(--c-muted)', fontSize: 10 } as const;
const TOOLTIP_STYLE = { background: 'var(--c-surface)', border: '1px solid var(--c-border)', color: 'var(--c-fg)', fontSize: 12 } as const;

const day = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);
const moment = (seconds: number): string => new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);

/**
 * The balance through time: one point per change (a step until the next), over time. A point
 * pressed (or the newest, at first) is shown below the chart with its block and "Check in this
 * browser" for the account's proof at that block; the table under the chart offers the same for
 * every change without a pointer.
 */
export function BalanceChart({ address, chain, chainLabel, points, decimals = 18, unit = 'QUAI' }: {
  address: string;
  chain: ChainName;
  chainLabel: string;
  points: readonly ChartPoint[];
  decimals?: number;
  unit?: string;
}) {
  const [selected, setSelected] = useState(points.length - 1);
  const rows = points.map((p, i) => ({ i, time: Number(p.timestamp), value: Number(formatUnits(BigInt(p.balance), decimals)) }));
  const point = points[selected];
  return (
    <div className="space-y-3">
      <ResponsiveContainer width="100%" height={240}>
        <LineChart
          data={rows}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          onClick={(state) => {
            const index = Number(state.activeTooltipIndex);
            if (Number.isInteger(index) && index >= 0 && index < points.length) setSelected(index);
          }}
        >
          <CartesianGrid stroke="var(--c-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="time" type="number" scale="time" domain={['dataMin', 'dataMax']} tick={AXIS} stroke="var(--c-border)" tickFormatter={(t: number) => day(t)} minTickGap={24} />
          <YAxis dataKey="value" tick={AXIS} stroke="var(--c-border)" width={56} tickCount={4} />
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
            labelFormatter={(t) => `${moment(Number(t))} UTC`}
            formatter={(value) => [`${typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : String(value)} ${unit}`, 'Balance']}
          />
          <Line type="stepAfter" dataKey="value" stroke="var(--c-zone)" strokeWidth={2} dot={{ r: 3 }} activeDot={{ r: 5 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
      {point ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-border px-3 py-2 text-sm" data-testid="balance-point">
          <span>
            <Link href={urls.block(chain, point.blockNumber)} prefetch={false} data-testid="balance-point-block">
              Block #{BigInt(point.blockNumber).toLocaleString('en-US')}
            </Link>{' '}
            of {chainLabel}, {moment(Number(point.timestamp))} UTC:{' '}
            <span className="tabular-nums">{formatUnits(BigInt(point.balance), decimals)} {unit}</span>
          </span>
          <CheckInBrowser
            key={point.blockNumber}
            target={{ kind: 'address', chain, address: address as `0x${string}`, block: point.blockNumber, slots: [] }}
            bundlePath={urls.api.evidenceAddress(address, evidenceQuery({ block: BigInt(point.blockNumber), slots: [] }))}
            chainLabel={chainLabel}
          />
        </div>
      ) : null}
    </div>
  );
}
