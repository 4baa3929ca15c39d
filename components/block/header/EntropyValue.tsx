import { LEVEL_LABELS } from '@/lib/protocol/chains';
import { entropyBits } from './figures';

/**
 * An entropy value (64.64 fixed-point bits, see the protocol notes): the readable "bits" form and
 * the exact integer the node reported.
 */
export function EntropyValue({ value }: { value: bigint }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="tabular-nums">{entropyBits(value)}</span>
      <span className="break-all font-mono text-xs text-muted" title="Exact value: bits × 2^64">
        {value.toString()}
      </span>
    </span>
  );
}

/** A [Prime, Region, Zone] triple of entropy values, one per line. */
export function EntropyTriple({ values }: { values: readonly [bigint, bigint, bigint] }) {
  return (
    <ul className="space-y-0.5">
      {values.map((v, i) => (
        <li key={LEVEL_LABELS[i]} className="flex flex-wrap gap-x-2">
          <span className="w-14 shrink-0 text-xs text-muted">{LEVEL_LABELS[i]}</span>
          <EntropyValue value={v} />
        </li>
      ))}
    </ul>
  );
}
