'use client';

import { useEffect, useRef, useState } from 'react';
import type { StreamEvent } from '@/lib/live/stream-events';
import { streamQuery, type Subscription } from '@/lib/live/subscription';
import { listenToStream, type StreamStatus } from './stream-source';

export type { StreamStatus } from './stream-source';

/**
 * Follows a stream (./stream-source.ts) while the component is mounted: `onEvent` hears each
 * event (the latest function given, without re-subscribing when it changes). Returns the
 * stream's status: a component polls as before while it is 'unavailable' (EventSource failed),
 * e.g. `usePoll({ …, enabled: status === 'unavailable' })`. `subscription` null: nothing.
 */
export function useStream(subscription: Subscription | null, onEvent: (event: StreamEvent) => void, from?: string): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const query = subscription ? streamQuery(subscription) : null;
  // The position the page was drawn at matters only when the stream opens.
  const start = useRef(from);
  useEffect(() => {
    if (query === null) return;
    return listenToStream(query, start.current, {
      onEvent: (event) => handler.current(event),
      onStatus: setStatus,
    });
  }, [query]);
  return status;
}
