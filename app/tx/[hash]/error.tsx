'use client';

import { ErrorPanel } from '@/components/ui/ErrorPanel';

export default function TxError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : undefined;
  return (
    <ErrorPanel
      title="This transaction could not be loaded"
      message="The explorer hit an error while asking the zones for this transaction. Retrying asks them again."
      details={digest ? [`Error reference: ${digest} (in the explorer's server log)`] : undefined}
      onRetry={retry}
    />
  );
}
