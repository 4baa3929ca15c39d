import Link from 'next/link';
import { MAX_BLOCK_COUNT } from '@/lib/routes/params/fee-params';

const PRESETS = [16, 64, 256, 1024];
const INPUT = 'rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg';

/**
 * Block count and percentiles as a GET form (works without JavaScript, and every chart has a URL).
 * Deliberately no min/max on the input: an out-of-range count reaches the page, which refuses it
 * with a message naming the limit, rather than a browser tooltip.
 */
export function FeeControls({ path, blocks, percentiles }: { path: string; blocks: string; percentiles: string }) {
  return (
    <form method="get" action={path} className="flex flex-wrap items-end gap-3 card px-4 py-3" data-testid="fee-controls">
      <label className="flex flex-col gap-1 text-xs text-muted">
        Blocks (1–{MAX_BLOCK_COUNT})
        <input name="blocks" defaultValue={blocks} inputMode="numeric" className={`${INPUT} w-28`} data-testid="fee-blocks" />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        Reward percentiles (ascending, or none)
        <input name="percentiles" defaultValue={percentiles} className={`${INPUT} w-48`} data-testid="fee-percentiles" />
      </label>
      <button type="submit" className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2" data-testid="fee-submit">
        Draw
      </button>
      <span className="flex flex-wrap gap-2 text-xs">
        {PRESETS.map((n) => (
          <Link key={n} href={`${path}?blocks=${n}&percentiles=${encodeURIComponent(percentiles)}`}>
            {n} blocks
          </Link>
        ))}
      </span>
    </form>
  );
}
