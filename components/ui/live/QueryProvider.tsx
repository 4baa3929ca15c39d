'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * react-query's provider for one subtree, on the tab's client (./query-client.ts): for a
 * component that uses react-query beyond usePoll (useMutation, useQueryClient, a library that
 * expects the provider). Not in the root layout, so react-query stays out of pages that do
 * not poll.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
