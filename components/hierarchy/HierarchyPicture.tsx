import { memo } from 'react';
import type { Level } from '@/lib/protocol/chains';
import { LANE_HEIGHT, LABEL_WIDTH, WIDTH, type HierarchyLayout } from '@/lib/live/hierarchy/layout';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';

/** A mark's colour by the level it is coincident in (the badges' colours, globals.css). */
const TONE: Record<Level, string> = { 0: 'var(--color-prime)', 1: 'var(--color-region)', 2: 'var(--color-zone)' };
const RADIUS: Record<Level, number> = { 0: 6, 1: 5, 2: 3.5 };

/**
 * The picture itself (lib/live/hierarchy/layout.ts says where everything goes). Hidden from screen
 * readers, which hear the page's text description instead, and out of the tab order: each mark
 * links its block's page for a pointer, and the description's links serve the keyboard.
 */
export const HierarchyPicture = memo(function HierarchyPicture({ view, fresh }: { view: HierarchyLayout; fresh: ReadonlySet<string> }) {
  return (
    <svg viewBox={`0 0 ${WIDTH} ${view.height}`} className="h-auto w-full" aria-hidden="true" focusable="false" data-testid="hierarchy-picture">
      {view.lanes.map((lane) => (
        <g key={lane.chain} data-lane={lane.chain}>
          <line x1={LABEL_WIDTH} x2={WIDTH - 4} y1={lane.y} y2={lane.y} stroke="var(--color-border)" strokeWidth={lane.level === 2 ? 1 : 2} />
          <text x={lane.level * 10 + 4} y={lane.y + 4} fontSize={lane.level === 2 ? 12 : 13} fontWeight={lane.level === 2 ? 400 : 600} fill="var(--color-fg)">
            {lane.label}
          </text>
        </g>
      ))}
      {view.arcs.map((arc) => {
        const lift = Math.max(LANE_HEIGHT / 2, Math.abs(arc.to.y - arc.from.y) / 2);
        const midX = (arc.from.x + arc.to.x) / 2;
        return (
          <path
            key={arc.hash}
            d={`M ${arc.from.x} ${arc.from.y} Q ${midX} ${Math.min(arc.from.y, arc.to.y) - lift} ${arc.to.x} ${arc.to.y}`}
            fill="none"
            stroke="var(--color-muted)"
            strokeWidth={1}
            strokeDasharray={arc.delivered ? undefined : '3 3'}
            opacity={0.8}
            data-etx={arc.hash}
            data-delivered={arc.delivered}
          />
        );
      })}
      {view.joins.map((join) => (
        <line key={join.hash} x1={join.x} x2={join.x} y1={join.y1} y2={join.y2} stroke={TONE[join.order]} strokeWidth={2} data-coincident={join.hash} />
      ))}
      {view.uncles.map((uncle) => (
        <a key={`${uncle.includedIn}:${uncle.index}`} href={urls.uncle(uncle.chain, uncle.includedIn, uncle.index)} tabIndex={-1}>
          <circle cx={uncle.x} cy={uncle.y} r={3} fill="none" stroke="var(--color-muted)" strokeWidth={1.5} data-uncle={uncle.hash} />
        </a>
      ))}
      {view.marks.map(({ block, x, y }) => (
        <a key={`${block.chain}:${block.hash}`} href={urls.block(block.chain, block.hash)} tabIndex={-1}>
          <circle cx={x} cy={y} r={RADIUS[block.order]} fill={TONE[block.order]} className={fresh.has(block.hash) ? 'arrive' : undefined} data-block={block.hash} data-chain={block.chain}>
            <title>{`${block.chain} #${formatInteger(BigInt(block.number))}`}</title>
          </circle>
        </a>
      ))}
    </svg>
  );
});
