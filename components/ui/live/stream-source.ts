/**
 * The tab's event streams (GET /api/v1/stream): one EventSource per subscription, however many
 * components listen to it (a browser allows six connections per site over HTTP/1.1, and every
 * stream holds one), opened by the first listener and closed with the last. EventSource itself
 * reconnects after a dropped connection or the server's `end`, sending the last id it heard
 * (Last-Event-ID), and the server replays what was missed.
 *
 * Where EventSource fails — the browser has none, the server refuses the stream (the
 * connection closes for good), or nothing arrives (a proxy that buffers the response) — the
 * status turns 'unavailable' and stays so for the page's life: each listener then polls as
 * pages did before streams (use-stream.ts says how).
 */
import type { StreamEvent, StreamEventName } from '@/lib/live/stream-events';
import { urls } from '@/lib/routes/urls';

export type StreamStatus = 'connecting' | 'live' | 'unavailable';

export interface StreamListener {
  onEvent(event: StreamEvent): void;
  onStatus(status: StreamStatus): void;
}

const EVENT_NAMES: readonly StreamEventName[] = ['ready', 'block', 'reorg', 'gap', 'transactions', 'pending', 'etxs', 'logs', 'end'];

/** Without its `ready` event this long after opening, a stream is taken for buffered by something between. */
const READY_WITHIN_MS = 10_000;

interface Source {
  readonly listeners: Set<StreamListener>;
  status: StreamStatus;
  close(): void;
}

const sources = new Map<string, Source>();

function setStatus(source: Source, status: StreamStatus): void {
  if (source.status === status) return;
  source.status = status;
  for (const listener of [...source.listeners]) listener.onStatus(status);
}

function open(query: string, from: string | undefined): Source {
  const listeners = new Set<StreamListener>();
  if (typeof EventSource === 'undefined') return { listeners, status: 'unavailable', close: () => undefined };
  const es = new EventSource(urls.api.stream(from ? `${query}&from=${encodeURIComponent(from)}` : query));
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  const source: Source = {
    listeners,
    status: 'connecting',
    close: () => {
      clearTimeout(readyTimer);
      es.close();
    },
  };
  const waitForReady = () => {
    clearTimeout(readyTimer);
    readyTimer = setTimeout(() => {
      es.close();
      setStatus(source, 'unavailable');
    }, READY_WITHIN_MS);
  };
  es.onopen = waitForReady;
  es.onerror = () => {
    clearTimeout(readyTimer);
    // CONNECTING: EventSource retries by itself. CLOSED: refused (not 200, not an event stream) for good.
    setStatus(source, es.readyState === EventSource.CLOSED ? 'unavailable' : 'connecting');
  };
  for (const name of EVENT_NAMES) {
    es.addEventListener(name, (message: MessageEvent<string>) => {
      if (name === 'ready') {
        clearTimeout(readyTimer);
        setStatus(source, 'live');
      }
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = { id: message.lastEventId, event: name, data } as StreamEvent;
      for (const listener of [...listeners]) listener.onEvent(event);
    });
  }
  return source;
}

/**
 * Listens to the stream of `query` (lib/live/subscription.ts streamQuery). `from`: where the
 * first listener's page was drawn (its position): the stream replays from there when it opens
 * now; a later listener joins it live. Returns the function that stops listening.
 */
export function listenToStream(query: string, from: string | undefined, listener: StreamListener): () => void {
  let source = sources.get(query);
  if (!source) {
    source = open(query, from);
    sources.set(query, source);
  }
  const joined = source;
  joined.listeners.add(listener);
  listener.onStatus(joined.status);
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size === 0 && sources.get(query) === joined) {
      joined.close();
      sources.delete(query);
    }
  };
}
