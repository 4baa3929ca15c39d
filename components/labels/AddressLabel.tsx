'use client';

import { useAddressLabel } from './use-labels';
import { ChainText } from '@/components/ui/values/ChainText';

/**
 * The address's label as a small tag (nothing when it has none). Chain-independent: drawn as
 * text. `operator`: the operator's label as the server found it (null: none); left out, it is
 * looked up in the browser (components/labels/use-labels.ts).
 */
export function AddressLabel({ address, operator }: { address: string; operator?: string | null }) {
  const resolved = useAddressLabel(address, operator);
  if (!resolved) return null;
  return (
    <span
      data-testid="address-label"
      data-source={resolved.source}
      title={resolved.source === 'own' ? 'Your label (kept in this browser)' : "This explorer's label"}
      className={`max-w-[16rem] truncate rounded border px-1.5 text-xs font-medium ${
        resolved.source === 'own' ? 'border-zone/40 text-zone' : 'border-border text-muted'
      }`}
    >
      <ChainText text={resolved.label} />
    </span>
  );
}
