'use client';

/**
 * How a client component polls: `usePoll({ queryKey, queryFn, refetchInterval, initialData })`,
 * react-query's useQuery on the tab's client (./query-client.ts). No provider is needed, and
 * react-query is loaded only with the pages whose components call this. Components that want
 * more of react-query (useMutation, useQueryClient) wrap their subtree in <QueryProvider>
 * (./QueryProvider.tsx) instead. Widgets that only need the tips use useChainTip (./tips-query.ts),
 * which loads react-query after the page is interactive.
 */
import {
  useQuery,
  type DefaultError,
  type DefinedInitialDataOptions,
  type DefinedUseQueryResult,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { queryClient } from './query-client';

/** With initialData, data is always defined (as useQuery's own overloads say). */
export function usePoll<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: DefinedInitialDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): DefinedUseQueryResult<TData, TError>;
export function usePoll<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError>;
export function usePoll(options: UseQueryOptions): UseQueryResult {
  return useQuery(options, queryClient());
}
