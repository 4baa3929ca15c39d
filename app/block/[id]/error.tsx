'use client';

import { RouteError, type RouteErrorProps } from '@/components/ui/RouteError';

export default function BlockError(props: RouteErrorProps) {
  return (
    <RouteError
      {...props}
      title="This block could not be loaded"
      message="The explorer hit an error while reading this block from the node. Retrying asks the node again."
    />
  );
}
