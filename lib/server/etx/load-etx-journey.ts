/**
 * An ETX's journey from the index in the API's shape (README): origin zone, transaction and block;
 * destination zone block once delivered, null while pending.
 */
import type { Hash } from 'viem';
import type { ChainName } from '@/lib/chains';
import { etxJourney } from '@/lib/index/etx-reader';
import { indexAvailability } from '@/lib/server/history/index-service';

export interface EtxJourneyJson {
  readonly hash: string;
  readonly status: 'pending' | 'delivered';
  readonly origin: { readonly chain: ChainName; readonly txHash: string; readonly blockNumber: string };
  readonly destination: { readonly chain: ChainName; readonly blockNumber: string; readonly blockHash: string } | null;
  /** Seconds between the origin and destination blocks' timestamps, null while pending. */
  readonly seconds: string | null;
}

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
    return {
      kind: 'ok',
      journey: {
        hash: j.hash, status: j.status,
        origin: { chain: j.origin.chain, txHash: j.origin.txHash, blockNumber: j.origin.blockNumber.toString() },
        destination: j.destination
          ? { chain: j.destination.chain, blockNumber: j.destination.blockNumber.toString(), blockHash: j.destination.blockHash }
          : null,
        seconds: j.seconds === null ? null : j.seconds.toString(),
      },
    };
  } catch (error) {
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}
