'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/RouteError';

export default function ChainError(props: RouteErrorProps) {
  return (
    <RouteError
      {...props}
      title="This chain could not be loaded"
      message="The explorer hit an error while reading the chain's newest blocks. Retrying asks the node again."
    />
  );
}
