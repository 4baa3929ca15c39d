'use client';

import { ErrorPanel } from '@/components/ui/ErrorPanel';

export default function BlockError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : undefined;
  return (
    <ErrorPanel
      title="This block could not be loaded"
      message="The explorer hit an error while reading this block from the node. Retrying asks the node again."
      details={digest ? [`Error reference: ${digest} (in the explorer's server log)`] : undefined}
      onRetry={retry}
    />
  );
}
