'use client';

import { usePoll } from '@/components/ui/live/use-poll';
import { useChainStream } from '@/components/ui/live/use-chain-stream';
import { queryClient } from '@/components/ui/live/query-client';
import type { StreamBlock } from '@/lib/live/stream-events';
import type { ChainName } from '@/lib/protocol/chains';
import { JourneyJsonError, parseEtxJourneyJson, type EtxJourneyJson } from '@/lib/history/journey-json';
import { urls } from '@/lib/routes/urls';

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

/** The journey with the destination block the stream saw credit it, while the index has not yet. */
export function deliveredBy(answer: JourneyAnswer, block: StreamBlock): JourneyAnswer {
  if (answer.kind !== 'journey' || answer.journey.status === 'delivered') return answer;
  const { journey } = answer;
  return {
    kind: 'journey',
    journey: {
      ...journey,
      status: 'delivered',
      destination: { chain: block.chain, blockNumber: block.number, blockHash: block.hash, timestamp: block.timestamp, numbers: block.numbers },
      seconds: String(BigInt(block.timestamp) - BigInt(journey.origin.timestamp)),
    },
  };
}

/**
 * An ETX's journey from /api/v1/etx/<hash> (never baked into the page: a stored transaction page
 * must not say "pending" forever), read once and then moved by its destination zone's stream
 * (`chain`; every chain's when the destination is not known): the block that credits it marks it
 * delivered at once (the index catches up behind), and while the index has not reached its
 * origin, each block asks again. Where the stream is unavailable it is polled as before: every
 * 2 s until delivered, every 15 s while the index is off or starting.
 */
export function useEtxJourney(hash: string, chain?: ChainName | null) {
  const key = ['strata', 'etx-journey', hash];
  const status = useChainStream(chain ?? 'all', {
    onBlock: (block) => {
      const client = queryClient();
      const answer = client.getQueryData<JourneyAnswer>(key);
      if (block.deliveredEtxs.includes(hash)) {
        if (answer) client.setQueryData<JourneyAnswer>(key, deliveredBy(answer, block));
        return;
      }
      if (answer?.kind === 'not-indexed') void client.refetchQueries({ queryKey: key, exact: true });
    },
    // Blocks the stream could not give may have credited it: ask once.
    onGap: () => void queryClient().refetchQueries({ queryKey: key, exact: true }),
  });
  const polling = status === 'unavailable';
  return usePoll({
    queryKey: key,
    queryFn: () => fetchJourney(hash),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.kind === 'journey' && data.journey.status === 'delivered') return false;
      if (data?.kind === 'unreadable') return false;
      if (data?.kind === 'no-index') return 15_000;
      if (!polling) return false;
      return data?.kind === 'not-indexed' ? 4_000 : 2_000;
    },
  });
}
