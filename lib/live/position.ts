/**
 * Event ids. Every event the feed writes has a place in one sequence per run of the feed (an
 * epoch: a process alone, or a fleet sharing Redis): `<epoch>.<seq>.<index>` is the index-th
 * event a subscription drew from the seq-th entry of the feed (an address's block can give a
 * `transactions` and an `etxs` event). `<epoch>.<seq>` is a position after every event of entry
 * seq: the id of `ready`, `gap` and `end`. A reconnect's Last-Event-ID is answered with what
 * comes after it, in that order.
 */

export interface Position {
  readonly epoch: string;
  readonly seq: number;
  /** The event's index within its entry; undefined: after all of them. */
  readonly index?: number;
}

const ID = /^([a-z0-9]{1,16})\.(\d{1,15})(?:\.(\d{1,6}))?$/;

export function formatPosition(position: Position): string {
  return position.index === undefined ? `${position.epoch}.${position.seq}` : `${position.epoch}.${position.seq}.${position.index}`;
}

/** undefined for an id this explorer never wrote. */
export function parsePosition(text: string): Position | undefined {
  const match = ID.exec(text.trim());
  if (!match) return undefined;
  const seq = Number(match[2]);
  if (!Number.isSafeInteger(seq)) return undefined;
  return match[3] === undefined ? { epoch: match[1]!, seq } : { epoch: match[1]!, seq, index: Number(match[3]) };
}

/** Whether the event (seq, index) comes after `position` (same epoch). */
export function isAfter(seq: number, index: number, position: Position): boolean {
  if (seq !== position.seq) return seq > position.seq;
  return position.index !== undefined && index > position.index;
}

/** A new epoch's name: short, lower case, unlikely to repeat. */
export function newEpoch(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0')}`;
}
