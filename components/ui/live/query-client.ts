/**
 * The tab's one react-query client, without a provider in the root layout: a provider there put
 * react-query (about 9 KB gzipped) in the first load of every page, though only a few
 * components poll. A component that polls calls usePoll (./use-poll.ts), which passes this
 * client to useQuery, so react-query is loaded with the pages that use it and nowhere else.
 *
 * In the browser, one client for the tab (queries shared between components and across client
 * navigations, mounted so that focus and reconnection refetch). On the server, a new one per
 * call: nothing may be shared between two readers' requests, and nothing is fetched during a
 * server render anyway (server data arrives as initialData).
 */
import { QueryClient } from '@tanstack/react-query';

function makeClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-rendered data arrives as initialData; don't refetch it the moment it hydrates.
        staleTime: 1_000,
        refetchOnWindowFocus: true,
        // A node hiccup should not blank a live page: keep the last data and retry quietly.
        retry: 2,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

export function queryClient(): QueryClient {
  if (typeof window === 'undefined') return makeClient();
  if (!browserClient) {
    browserClient = makeClient();
    browserClient.mount();
  }
  return browserClient;
}
