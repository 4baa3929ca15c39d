'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** Client-side providers. One QueryClient per browser tab (per request on the server). */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            // Server-rendered data arrives as initialData; don't refetch it the moment it hydrates.
            staleTime: 1_000,
            refetchOnWindowFocus: true,
            // A node hiccup should not blank a live page: keep the last data and retry quietly.
            retry: 2,
          },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
