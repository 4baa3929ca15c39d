/**
 * The open streams of this process and the fan-out of feed entries to them. Each subscriber
 * hears its projection of every entry (lib/live/project.ts), in order, once: it remembers
 * the last event it was sent, so an entry heard twice (a replay racing a live entry, a fleet's
 * echo) is skipped. A block event of a chain stream is the same bytes for every subscriber of
 * that chain: encoded once per entry, however many listen.
 *
 * A subscriber whose client reads too slowly is closed (its sink refuses more), and its
 * EventSource reconnects with Last-Event-ID and replays: one slow reader never holds the others
 * or grows this process's memory.
 */
import type { FeedEntry } from '@/lib/live/feed-entry';
import { formatPosition, isAfter, type Position } from '@/lib/live/position';
import { project } from '@/lib/live/project';
import { sseComment, sseEvent } from '@/lib/live/sse';
import type { StreamEventName } from '@/lib/live/stream-events';
import type { Subscription } from '@/lib/live/subscription';

export interface StreamSink {
  /** Queues bytes for the client; false when it is gone or too far behind (then it is closed). */
  write(bytes: Uint8Array): boolean;
  /** Ends the response. */
  close(): void;
}

export interface Subscriber {
  readonly id: number;
  readonly subscription: Subscription;
  readonly client: string;
  readonly sink: StreamSink;
  /** The last event sent, or where the subscriber started. */
  after: Position;
  /** The seq it went live after (its replay's end, or the newest entry when it opened). */
  startedAt: number;
}

const encoder = new TextEncoder();

export class StreamHub {
  private readonly subscribers = new Map<number, Subscriber>();
  private nextId = 1;
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly heartbeatMs: number,
    /** Called once for each subscriber that leaves, whichever way. */
    private readonly onLeave: (subscriber: Subscriber) => void,
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  all(): IterableIterator<Subscriber> {
    return this.subscribers.values();
  }

  add(subscription: Subscription, client: string, sink: StreamSink, after: Position): Subscriber {
    const subscriber: Subscriber = { id: this.nextId++, subscription, client, sink, after, startedAt: after.seq };
    this.subscribers.set(subscriber.id, subscriber);
    this.heartbeat ??= setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref?.();
    return subscriber;
  }

  /** Takes the subscriber out (its response is ended by whoever called). */
  remove(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber.id)) return;
    this.onLeave(subscriber);
    if (this.subscribers.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /**
   * New entries of the feed, to everyone: one write per subscriber, whatever the number of
   * entries (a burst after a pause is a hundred), and for chain streams the same bytes for every
   * subscriber of the same chains (encoded once, written by reference).
   */
  deliver(epoch: string, entries: readonly FeedEntry[]): void {
    if (entries.length === 0 || this.subscribers.size === 0) return;
    const shared = new Map<string, Uint8Array>();
    for (const subscriber of [...this.subscribers.values()]) this.sendEntries(subscriber, epoch, entries, shared);
  }

  /**
   * `entries` to one subscriber, in one write, skipping what it was sent already. `shared`: the
   * frames of chain streams of one delivery, by the chains they follow.
   */
  sendEntries(subscriber: Subscriber, epoch: string, entries: readonly FeedEntry[], shared?: Map<string, Uint8Array>): void {
    const first = entries[0];
    const last = entries[entries.length - 1];
    if (!first || !last) return;
    // A new epoch (a fleet that lost Redis's log, a restarted feed) numbers from its own start.
    if (subscriber.after.epoch !== epoch) subscriber.after = { epoch, seq: first.seq - 1 };
    const { subscription } = subscriber;
    // The common case: a chain stream that was sent everything before these entries.
    if (subscription.kind === 'chains' && shared && !isAfter(first.seq - 1, 0, subscriber.after)) {
      // Subscribers that started before a pause's gap hear it; those that started after do not.
      const paused = entries.reduce((max, e) => (e.kind === 'gap' && e.pausedAfter !== undefined ? Math.max(max, e.pausedAfter) : max), -1);
      const key = `${subscription.chains}:${subscriber.startedAt >= paused}`;
      let bytes = shared.get(key);
      if (!bytes) shared.set(key, (bytes = encoder.encode(this.framesOf(subscriber, epoch, entries))));
      if (bytes.length > 0 && !this.write(subscriber, bytes)) return;
      subscriber.after = { epoch, seq: last.seq };
      return;
    }
    const text = this.framesOf(subscriber, epoch, entries);
    if (text.length > 0 && !this.write(subscriber, encoder.encode(text))) return;
    subscriber.after = { epoch, seq: last.seq };
  }

  /** The SSE text of what `subscriber` is owed of `entries`. */
  private framesOf(subscriber: Subscriber, epoch: string, entries: readonly FeedEntry[]): string {
    let text = '';
    for (const entry of entries) {
      if (!isAfter(entry.seq, Number.MAX_SAFE_INTEGER, subscriber.after)) continue;
      // A gap from a pause of the feed is not news to a stream that started after the pause began.
      if (entry.kind === 'gap' && entry.pausedAfter !== undefined && subscriber.startedAt >= entry.pausedAfter) continue;
      for (const [index, event] of project(entry, subscriber.subscription).entries()) {
        if (isAfter(entry.seq, index, subscriber.after)) text += sseEvent(formatPosition({ epoch, seq: entry.seq, index }), event.event, event.data);
      }
    }
    return text;
  }

  /** An event that is not an entry's (ready, gap, end), with a position for its id. */
  sendControl(subscriber: Subscriber, position: Position, event: StreamEventName, data: unknown): boolean {
    return this.write(subscriber, encoder.encode(sseEvent(formatPosition(position), event, data)));
  }

  /** Writes raw text (the first `retry:` line). */
  sendText(subscriber: Subscriber, text: string): boolean {
    return this.write(subscriber, encoder.encode(text));
  }

  /** Ends every stream with `end` (the server is stopping). */
  closeAll(position: (subscriber: Subscriber) => Position, reason: string): void {
    for (const subscriber of [...this.subscribers.values()]) {
      this.sendControl(subscriber, position(subscriber), 'end', { reason });
      this.remove(subscriber);
      subscriber.sink.close();
    }
  }

  private write(subscriber: Subscriber, bytes: Uint8Array): boolean {
    if (subscriber.sink.write(bytes)) return true;
    this.remove(subscriber);
    subscriber.sink.close();
    return false;
  }

  private beat(): void {
    const bytes = encoder.encode(sseComment(`heartbeat ${new Date().toISOString()}`));
    for (const subscriber of [...this.subscribers.values()]) this.write(subscriber, bytes);
  }
}
