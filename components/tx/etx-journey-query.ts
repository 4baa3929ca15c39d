'use client';

import { usePoll } from '@/components/ui/live/use-poll';
import { JourneyJsonError, parseEtxJourneyJson, type EtxJourneyJson } from '@/lib/etx/journey-json';
import { urls } from '@/lib/urls';

/** What the explorer's API said about one ETX's journey. */
export type JourneyAnswer =
  | { readonly kind: 'journey'; readonly journey: EtxJourneyJson }
  /** 404: the index holds no origin for it (not reached yet, or not an ETX an indexed block emitted). */
  | { readonly kind: 'not-indexed' }
  /** 503: no index on this explorer, or not ready. */
  | { readonly kind: 'no-index'; readonly reason: string }
  | { readonly kind: 'unreadable'; readonly reason: string };

async function fetchJourney(hash: string): Promise<JourneyAnswer> {
  const response = await fetch(urls.api.etx(hash), { cache: 'no-store' });
  if (response.status === 404) return { kind: 'not-indexed' };
  if (response.status === 503) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    return { kind: 'no-index', reason: typeof body?.error === 'string' ? body.error : 'the index is not available' };
  }
  if (!response.ok) throw new Error(`The explorer answered ${response.status} for the ETX's journey`);
  try {
    return { kind: 'journey', journey: parseEtxJourneyJson(await response.json()) };
  } catch (error) {
    if (error instanceof JourneyJsonError || error instanceof SyntaxError) return { kind: 'unreadable', reason: error.message };
    throw error;
  }
}

/**
 * An ETX's journey, polled from /api/v1/etx/<hash> (never baked into the page: a stored
 * transaction page must not say "pending" forever). Every 2 s until delivered, then never again;
 * every 15 s while the index is off or starting.
 */
export function useEtxJourney(hash: string) {
  return usePoll({
    queryKey: ['strata', 'etx-journey', hash],
    queryFn: () => fetchJourney(hash),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.kind === 'journey' && data.journey.status === 'delivered') return false;
      if (data?.kind === 'unreadable') return false;
      return data?.kind === 'no-index' ? 15_000 : data?.kind === 'not-indexed' ? 4_000 : 2_000;
    },
  });
}
