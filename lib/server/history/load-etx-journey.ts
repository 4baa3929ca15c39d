/**
 * An ETX's journey from the index in the API's shape (README): origin zone, transaction and block;
 * destination zone block once delivered, null while pending (the shape: lib/history/journey-json.ts).
 */
import type { Hash } from 'viem';
import { etxJourneyJson, type EtxJourneyJson } from '@/lib/history/journey-json';
import { etxJourney } from '@/lib/index/readers/etx-reader';
import { indexAvailability } from '@/lib/server/index/index-service';

export type { EtxJourneyJson };

export type EtxJourneyLoad =
  | { readonly kind: 'ok'; readonly journey: EtxJourneyJson }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string };

export async function loadEtxJourney(hash: Hash): Promise<EtxJourneyLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  try {
    const j = await etxJourney(index.db, hash);
    if (!j) return { kind: 'not-found' };
    return { kind: 'ok', journey: etxJourneyJson(j) };
  } catch (error) {
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}
