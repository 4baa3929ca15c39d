import { getChain, type ChainName } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import type { EtxFlowJson } from '@/lib/network/stats-json';
import { ScrollBox } from '@/components/ui/layout/ScrollBox';

/** "Cyprus 1" → "C1": nine columns must fit a 360 px screen. */
const short = (chain: ChainName): string => {
  const c = getChain(chain);
  return `${c.label.charAt(0)}${(c.zone ?? 0) + 1}`;
};

/** The most accent a cell mixes in, in percent: the text colour on it still reads at 4.5:1 in both themes. */
const MAX_SHADE = 60;

/**
 * The 9 × 9 ETX flow as a heat map that is also the accessible table: rows are origin zones,
 * columns destination zones, each cell's shade its share of the busiest cell (the accent colour
 * mixed into the surface, at most 60% of it so the count in the text colour keeps a 4.5:1
 * contrast in both themes), the exact count written in it and, on hover, its
 * sent / delivered / pending split.
 */
export function EtxFlowGrid({ flow }: { flow: EtxFlowJson }) {
  const max = Math.max(0, ...flow.counts.flat());
  const total = flow.counts.flat().reduce((a, b) => a + b, 0);
  return (
    <ScrollBox label="ETX flow between zones">
      <table className="mx-auto border-separate border-spacing-0.5 text-xs tabular-nums" data-testid="etx-flow" aria-describedby="etx-flow-caption">
        <caption id="etx-flow-caption" className="caption-bottom pt-2 text-left text-xs text-muted">
          {formatInteger(total)} ETXs sent in the period. Rows: origin zone; columns: destination zone; a cell&apos;s title gives
          how many have been included in the destination zone (delivered) and how many are pending.
        </caption>
        <thead>
          <tr>
            <th scope="col" className="whitespace-nowrap px-1 py-1 text-left text-[10px] font-medium leading-tight text-muted">
              <span className="sr-only">origin \ destination</span>
              <span aria-hidden className="block text-right">to →</span>
              <span aria-hidden className="block">from ↓</span>
            </th>
            {flow.zones.map((z) => (
              <th key={z} scope="col" className="w-9 px-0.5 py-1 text-center font-medium" title={getChain(z).label}>
                <abbr title={getChain(z).label} className="no-underline">{short(z)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {flow.zones.map((origin, o) => (
            <tr key={origin} data-origin={origin}>
              <th scope="row" className="whitespace-nowrap px-1 py-1 text-left font-medium" title={getChain(origin).label}>
                <abbr title={getChain(origin).label} className="no-underline">{short(origin)}</abbr>
              </th>
              {flow.zones.map((destination, d) => {
                const sent = flow.counts[o]?.[d] ?? 0;
                const delivered = flow.delivered[o]?.[d] ?? 0;
                const pending = flow.pending[o]?.[d] ?? 0;
                // Square root: one busy pair would otherwise wash every other cell out to nothing.
                const share = max > 0 && sent > 0 ? Math.max(0.2, Math.sqrt(sent / max)) : 0;
                return (
                  <td
                    key={destination}
                    data-destination={destination}
                    data-count={sent}
                    title={`${getChain(origin).label} → ${getChain(destination).label}: ${sent} sent, ${delivered} delivered, ${pending} pending`}
                    className={`h-9 w-9 rounded-sm border border-border text-center ${share > 0.55 ? 'font-semibold text-fg' : sent > 0 ? 'text-fg' : 'text-muted'}`}
                    style={{ background: sent > 0 ? `color-mix(in srgb, var(--c-accent) ${Math.round(share * MAX_SHADE)}%, var(--c-surface))` : undefined }}
                  >
                    {sent > 0 ? formatInteger(sent) : '·'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
