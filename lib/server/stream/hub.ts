/**
 * The open streams of this process and the fan-out of feed entries to them. Each subscriber
 * hears its projection of every entry (lib/stream/project.ts), in order, once: it remembers
 * the last event it was sent, so an entry heard twice (a replay racing a live entry, a fleet's
 * echo) is skipped. A block event of a chain stream is the same bytes for every subscriber of
 * that chain: encoded once per entry, however many listen.
 *
 * A subscriber whose client reads too slowly is closed (its sink refuses more), and its
 * EventSource reconnects with Last-Event-ID and replays: one slow reader never holds the others
 * or grows this process's memory.
 */
import type { FeedEntry } from '@/lib/stream/feed-entry';
import { formatPosition, isAfter, type Position } from '@/lib/stream/position';
import { project } from '@/lib/stream/project';
import { sseComment, sseEvent } from '@/lib/stream/sse';
import type { StreamEventName } from '@/lib/stream/stream-events';
import type { Subscription } from '@/lib/stream/subscription';

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
    const subscriber: Subscriber = { id: this.nextId++, subscription, client, sink, after };
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

  /** New entries of the feed, to everyone. */
  deliver(epoch: string, entries: readonly FeedEntry[]): void {
    if (entries.length === 0 || this.subscribers.size === 0) return;
    const shared = new Map<number, Uint8Array | null>();
    for (const subscriber of [...this.subscribers.values()]) this.sendEntries(subscriber, epoch, entries, shared);
  }

  /**
   * `entries` to one subscriber, skipping what it was sent already. `shared`: frames of chain
   * streams by entry, shared between subscribers of one delivery.
   */
  sendEntries(subscriber: Subscriber, epoch: string, entries: readonly FeedEntry[], shared = new Map<number, Uint8Array | null>()): void {
    // A new epoch (a fleet that lost Redis's log, a restarted feed) numbers from its own start.
    const first = entries[0];
    if (first && subscriber.after.epoch !== epoch) subscriber.after = { epoch, seq: first.seq - 1 };
    for (const entry of entries) {
      if (!isAfter(entry.seq, Number.MAX_SAFE_INTEGER, subscriber.after)) continue;
      if (subscriber.subscription.kind === 'chains') {
        // A chain stream draws one event (index 0) from an entry.
        if (!isAfter(entry.seq, 0, subscriber.after)) continue;
        const frame = this.chainFrame(epoch, entry, subscriber.subscription, shared);
        if (frame && !this.write(subscriber, frame)) return;
        subscriber.after = { epoch, seq: entry.seq };
        continue;
      }
      const events = project(entry, subscriber.subscription);
      for (const [index, event] of events.entries()) {
        if (!isAfter(entry.seq, index, subscriber.after)) continue;
        if (!this.write(subscriber, encoder.encode(sseEvent(formatPosition({ epoch, seq: entry.seq, index }), event.event, event.data)))) return;
      }
      subscriber.after = { epoch, seq: entry.seq };
    }
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

  private chainFrame(epoch: string, entry: FeedEntry, subscription: Subscription, shared: Map<number, Uint8Array | null>): Uint8Array | null {
    const [event] = project(entry, subscription);
    if (!event) return null;
    let frame = shared.get(entry.seq);
    if (frame === undefined) {
      frame = encoder.encode(sseEvent(formatPosition({ epoch, seq: entry.seq, index: 0 }), event.event, event.data));
      shared.set(entry.seq, frame);
    }
    return frame;
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
