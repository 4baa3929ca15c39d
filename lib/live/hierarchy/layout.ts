/**
 * The live picture of the hierarchy (/hierarchy), laid out: a lane per chain (prime, each
 * region followed by its zones), each block a mark at its timestamp on its chain's lane, a
 * coincident block (one hash in a zone and its region, or in prime too) joined across its lanes,
 * uncles beside the block at their height, and each ETX an arc from the block that emitted it
 * to the block that credited it (to its destination's lane, dashed, while in flight). Pure and
 * browser-safe: the page draws what this returns, and its text description counts the same.
 */
import { getChain, type ChainName, type Level } from '@/lib/protocol/chains';
import type { StreamBlock } from '@/lib/live/stream-events';

/** What the picture needs of a block (a block event, trimmed for the page's payload). */
export interface HierarchyBlock {
  readonly chain: ChainName;
  readonly number: string;
  readonly numbers: readonly [string, string, string];
  readonly hash: string;
  readonly order: Level;
  readonly timestamp: string;
  readonly transactionCount: number;
  readonly uncles: readonly { readonly hash: string; readonly number: string | null }[];
  readonly emittedEtxs: readonly { readonly hash: string; readonly destination: ChainName | null }[];
  readonly deliveredEtxs: readonly string[];
}

export function hierarchyBlockOf(block: StreamBlock): HierarchyBlock {
  return {
    chain: block.chain, number: block.number, numbers: block.numbers, hash: block.hash, order: block.order, timestamp: block.timestamp,
    transactionCount: block.transactionCount, uncles: block.uncles,
    emittedEtxs: block.emittedEtxs.map((e) => ({ hash: e.hash, destination: e.destination })), deliveredEtxs: block.deliveredEtxs,
  };
}

/** Seconds of the chains' recent past the picture shows. */
export const WINDOW_SECONDS = 180;
export const WIDTH = 1000;
export const LANE_HEIGHT = 36;
/** Left of the marks: the lanes' names. */
export const LABEL_WIDTH = 96;

export interface Lane {
  readonly chain: ChainName;
  readonly label: string;
  readonly level: Level;
  readonly y: number;
}

export interface Mark {
  readonly block: HierarchyBlock;
  readonly x: number;
  readonly y: number;
}

export interface Join {
  readonly hash: string;
  readonly x: number;
  readonly y1: number;
  readonly y2: number;
  readonly order: Level;
}

export interface UncleMark {
  readonly chain: ChainName;
  readonly hash: string;
  /** The block that included it, and its index there (its page). */
  readonly includedIn: string;
  readonly index: number;
  readonly x: number;
  readonly y: number;
}

export interface Arc {
  readonly hash: string;
  readonly from: { readonly x: number; readonly y: number };
  readonly to: { readonly x: number; readonly y: number };
  readonly delivered: boolean;
}

export interface HierarchyLayout {
  readonly lanes: readonly Lane[];
  readonly marks: readonly Mark[];
  readonly joins: readonly Join[];
  readonly uncles: readonly UncleMark[];
  readonly arcs: readonly Arc[];
  readonly height: number;
  /** The timestamps at the left and right edges. */
  readonly from: number;
  readonly to: number;
}

/** The chains shown, in lane order: prime, then each region and its zones (`region`: only that one's). */
export function lanesOf(chains: readonly ChainName[], region?: number): Lane[] {
  const shown = chains.map(getChain).filter((c) => region === undefined || c.level === 0 || c.region === region);
  const ordered = [
    ...shown.filter((c) => c.level === 0),
    ...shown.filter((c) => c.level === 1).flatMap((r) => [r, ...shown.filter((z) => z.level === 2 && z.region === r.region)]),
    // Zones whose region is not served still get a lane.
    ...shown.filter((z) => z.level === 2 && !shown.some((r) => r.level === 1 && r.region === z.region)),
  ];
  return ordered.map((c, i) => ({ chain: c.name, label: c.label, level: c.level, y: LANE_HEIGHT * i + LANE_HEIGHT / 2 }));
}

export function layout(blocks: readonly HierarchyBlock[], chains: readonly ChainName[], options: { region?: number; now?: number } = {}): HierarchyLayout {
  const lanes = lanesOf(chains, options.region);
  const laneOf = new Map(lanes.map((l) => [l.chain, l]));
  const newest = blocks.reduce((max, b) => Math.max(max, Number(b.timestamp)), 0);
  const to = Math.max(newest, options.now ?? 0);
  const from = to - WINDOW_SECONDS;
  const xOf = (timestamp: string) => LABEL_WIDTH + ((Number(timestamp) - from) / WINDOW_SECONDS) * (WIDTH - LABEL_WIDTH - 8);

  const marks: Mark[] = [];
  for (const block of blocks) {
    const lane = laneOf.get(block.chain);
    if (!lane || Number(block.timestamp) < from) continue;
    marks.push({ block, x: xOf(block.timestamp), y: lane.y });
  }

  // A coincident block sits on each lane it is in: joined from its highest lane to its lowest.
  const byHash = new Map<string, Mark[]>();
  for (const mark of marks) byHash.set(mark.block.hash, [...(byHash.get(mark.block.hash) ?? []), mark]);
  const joins: Join[] = [];
  for (const [hash, same] of byHash) {
    if (same.length < 2) continue;
    const ys = same.map((m) => m.y);
    joins.push({ hash, x: same[0]!.x, y1: Math.min(...ys), y2: Math.max(...ys), order: Math.min(...same.map((m) => m.block.order)) as Level });
  }

  // Uncles beside the block of their chain at their height (the one that won), else beside the block that included them.
  const byHeight = new Map(marks.map((m) => [`${m.block.chain}:${m.block.number}`, m]));
  const uncles: UncleMark[] = [];
  for (const mark of marks) {
    mark.block.uncles.forEach((uncle, index) => {
      const sibling = uncle.number === null ? undefined : byHeight.get(`${mark.block.chain}:${uncle.number}`);
      const at = sibling ?? mark;
      uncles.push({ chain: mark.block.chain, hash: uncle.hash, includedIn: mark.block.hash, index, x: at.x, y: at.y + LANE_HEIGHT / 3 });
    });
  }

  // ETXs: from the block that emitted each to the block that credited it, or to its destination lane's right end while in flight.
  const creditedBy = new Map<string, Mark>();
  for (const mark of marks) for (const hash of mark.block.deliveredEtxs) creditedBy.set(hash, mark);
  const arcs: Arc[] = [];
  for (const mark of marks) {
    for (const etx of mark.block.emittedEtxs) {
      const credit = creditedBy.get(etx.hash);
      const lane = etx.destination ? laneOf.get(etx.destination) : undefined;
      if (credit) arcs.push({ hash: etx.hash, from: { x: mark.x, y: mark.y }, to: { x: credit.x, y: credit.y }, delivered: true });
      else if (lane) arcs.push({ hash: etx.hash, from: { x: mark.x, y: mark.y }, to: { x: WIDTH - 4, y: lane.y }, delivered: false });
    }
  }
  return { lanes, marks, joins, uncles, arcs, height: lanes.length * LANE_HEIGHT, from, to };
}

/** The blocks worth keeping: those in the window, at most `max` (the newest). */
export function keepRecent(blocks: readonly HierarchyBlock[], max = 1500): HierarchyBlock[] {
  const newest = blocks.reduce((m, b) => Math.max(m, Number(b.timestamp)), 0);
  const kept = blocks.filter((b) => Number(b.timestamp) >= newest - WINDOW_SECONDS);
  return kept.length > max ? kept.slice(-max) : [...kept];
}

/** What a screen reader is told the picture shows: per chain its blocks and newest, and the ETXs and uncles. */
export function describe(view: HierarchyLayout): { perChain: Array<{ chain: ChainName; label: string; count: number; newest?: HierarchyBlock; coincident: number }>; etxsInFlight: number; etxsDelivered: number; uncles: number } {
  const perChain = view.lanes.map((lane) => {
    const own = view.marks.filter((m) => m.block.chain === lane.chain).map((m) => m.block);
    const newest = own.reduce<HierarchyBlock | undefined>((best, b) => (!best || BigInt(b.number) > BigInt(best.number) ? b : best), undefined);
    return { chain: lane.chain, label: lane.label, count: own.length, newest, coincident: own.filter((b) => b.order < lane.level).length };
  });
  return {
    perChain,
    etxsInFlight: view.arcs.filter((a) => !a.delivered).length,
    etxsDelivered: view.arcs.filter((a) => a.delivered).length,
    uncles: view.uncles.length,
  };
}
