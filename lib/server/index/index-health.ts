/**
 * The index as one component of this process's health: ready, failing (the writer here cannot
 * write: the error and since when), or why there is none (off, starting, unavailable). Read from
 * memory, never from the database, so /api/health costs nothing more and answers even when the
 * database does not.
 *
 * Only the process that writes knows its writes fail: an explorer reading an index another process
 * writes (STRATA_INDEX=read) reports it ready; the status API's lag and updatedAt show a stalled writer.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { IndexWriter } from '@/lib/index/engine/index-writer';
import { peekIndexAvailability, type IndexAvailability } from './index-service';

export interface IndexHealth {
  readonly state: 'ready' | 'failing' | 'off' | 'starting' | 'unavailable';
  /** Why it is not ready: the last error of the failing writes, or why there is no index. */
  readonly error?: string;
  /** While failing: when the failures began (ISO 8601), how many turns failed, and on which chain. */
  readonly since?: string;
  readonly failures?: number;
  readonly chain?: ChainName;
}

/** The health of the writer, if this process runs one. */
export function writerHealth(writer: IndexWriter | undefined): IndexHealth {
  const failure = writer?.status().failure;
  if (!failure) return { state: 'ready' };
  return {
    state: 'failing', error: failure.error, since: new Date(failure.since).toISOString(), failures: failure.count,
    ...(failure.chain ? { chain: failure.chain } : {}),
  };
}

export function healthOf(availability: IndexAvailability): IndexHealth {
  if (availability.state !== 'ready') return { state: availability.state, error: availability.reason };
  return writerHealth(availability.writer);
}

/** This process's index health now, without waiting for an index still opening. */
export function indexHealth(): IndexHealth {
  return healthOf(peekIndexAvailability());
}
