import type { Hex } from 'viem';
import { Hash } from '@/components/ui/values/Hash';
import { InfoRow } from '@/components/ui/layout/InfoTable';

/** InfoTable rows of full, copyable hashes (a header's roots), one per [label, hash]. */
export function HashRows({ rows }: { rows: ReadonlyArray<readonly [label: string, hash: Hex]> }) {
  return rows.map(([label, hash]) => (
    <InfoRow key={label} label={label}>
      <Hash value={hash} full copy />
    </InfoRow>
  ));
}
