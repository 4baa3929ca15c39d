'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/RouteError';

export default function TxError(props: RouteErrorProps) {
  return (
    <RouteError
      {...props}
      title="This transaction could not be loaded"
      message="The explorer hit an error while asking the zones for this transaction. Retrying asks them again."
    />
  );
}
