/**
 * A stream read with fetch instead of EventSource: for Node (the tests, the bench) and for any
 * client that wants to set its own headers (Last-Event-ID on the first request). Keeps every
 * event it heard, and resolves `next(match)` with the first one, heard before or later, that
 * matches and was not taken yet.
 */
import { sseParser } from './sse-reader';
import type { StreamEvent } from './stream-events';

export interface FetchedStream {
  readonly status: number;
  /** The body of a refusal (400, 429, 503): its JSON. */
  readonly refusal?: { readonly error?: string };
  readonly headers: Headers;
  /** Every event heard, in order. */
  readonly events: readonly StreamEvent[];
  /** Comments heard (heartbeats). */
  readonly comments: number;
  /** The next event (after the last one `next` returned) that matches; rejects after `timeoutMs` or when the stream ends first. */
  next<E extends StreamEvent = StreamEvent>(match?: (event: StreamEvent) => event is E, timeoutMs?: number): Promise<E>;
  next(match?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ended the stream (or it was closed). */
  readonly ended: Promise<void>;
  close(): void;
}

export async function fetchStream(url: string, headers: Record<string, string> = {}): Promise<FetchedStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: StreamEvent[] = [];
  let comments = 0;
  let taken = 0;
  const waiters = new Set<() => void>();
  let endedFlag = false;
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  if (response.status !== 200 || !response.body) {
    const refusal = (await response.json().catch(() => ({}))) as { error?: string };
    return {
      status: response.status, refusal, headers: response.headers, events, comments,
      next: () => Promise.reject(new Error(`the stream was refused: ${response.status} ${refusal.error ?? ''}`)),
      ended: Promise.resolve(),
      close: () => abort.abort(),
    };
  }
  const parse = sseParser(
    (message) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        data = message.data;
      }
      events.push({ id: message.id ?? '', event: message.event, data } as StreamEvent);
      wake();
    },
    () => {
      comments++;
      wake();
    },
  );
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parse(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted by close(), or the connection dropped
    } finally {
      endedFlag = true;
      wake();
    }
  })();
  const stream: FetchedStream = {
    status: response.status,
    headers: response.headers,
    events,
    get comments() {
      return comments;
    },
    next(match?: (event: StreamEvent) => boolean, timeoutMs = 60_000): Promise<StreamEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          for (let i = taken; i < events.length; i++) {
            const event = events[i]!;
            if (!match || match(event)) {
              taken = i + 1;
              done();
              resolve(event);
              return;
            }
          }
          if (endedFlag) {
            done();
            reject(new Error(`the stream ended before the event (${events.length} heard)`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such event within ${timeoutMs} ms (${events.length} heard: ${events.slice(-5).map((e) => e.event).join(', ')})`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    ended,
    close: () => abort.abort(),
  } as FetchedStream;
  return stream;
}
