import { formatGweiAmount, formatQuai, formatWei } from '@/lib/text/format';

/**
 * An amount of wei. `unit="quai"` (default) shows QUAI, `"gwei"` gas prices; the exact wei value
 * is in the title, or shown beside it with `exact`.
 */
export function Amount({ wei, unit = 'quai', exact = false }: { wei: bigint; unit?: 'quai' | 'gwei' | 'wei'; exact?: boolean }) {
  const main = unit === 'quai' ? formatQuai(wei) : unit === 'gwei' ? formatGweiAmount(wei) : formatWei(wei);
  return (
    <span title={formatWei(wei)} className="tabular-nums">
      {main}
      {exact && unit !== 'wei' ? <span className="ml-2 text-xs text-muted">{formatWei(wei)}</span> : null}
    </span>
  );
}
