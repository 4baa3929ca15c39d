import type { ReactNode } from 'react';
import { LEVEL_NAMES, zoneOf, type Level } from '@/lib/protocol/chains';

type Tone = 'prime' | 'region' | 'zone' | 'ok' | 'warn' | 'bad' | 'neutral';

const TONES: Record<Tone, string> = {
  prime: 'border-prime/40 text-prime',
  region: 'border-region/40 text-region',
  zone: 'border-zone/40 text-zone',
  ok: 'border-ok/40 text-ok',
  warn: 'border-warn/40 text-warn',
  bad: 'border-bad/40 text-bad',
  neutral: 'border-border text-muted',
};

/** A small labelled pill. */
export function Badge({ tone = 'neutral', title, children }: { tone?: Tone; title?: string; children: ReactNode }) {
  return (
    <span
      title={title}
      className={`badge ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

const ORDER_TITLES: Record<Level, string> = {
  0: 'Prime block: coincident in prime, its region and its zone',
  1: 'Region block: coincident in its region and its zone',
  2: 'Zone block',
};

/** Which levels a block is coincident in, from its `order` (0 prime, 1 region, 2 zone). */
export function OrderBadge({ order }: { order: Level }) {
  const name = LEVEL_NAMES[order];
  return (
    <Badge tone={name} title={ORDER_TITLES[order]}>
      {name}
    </Badge>
  );
}

/** The zone that owns an address (from its first byte). */
export function ZoneBadge({ address }: { address: string }) {
  let label: string;
  try {
    label = zoneOf(address).label;
  } catch {
    return null;
  }
  return (
    <Badge tone="zone" title={`Address owned by zone ${label} (by its first byte)`}>
      {label}
    </Badge>
  );
}
