import { Badge } from '@/components/ui/layout/Badge';
import type { TransactionType } from '@/lib/rpc/domain';

const LABELS: Record<TransactionType, { text: string; title: string }> = {
  0: { text: 'internal', title: 'Type 0: an ordinary transaction within one zone' },
  1: { text: 'external', title: 'Type 1: an external transaction (ETX) made by the protocol' },
  2: { text: 'int → ext', title: 'Type 2: an internal transaction that emits an ETX to another zone' },
};

export function TxTypeBadge({ type }: { type: TransactionType }) {
  const label = LABELS[type];
  return (
    <Badge tone={type === 0 ? 'neutral' : 'region'} title={label.title}>
      {label.text}
    </Badge>
  );
}
