/**
 * What a screen reader hears of a live tip: one sentence about the newest block, spoken politely
 * and at most once per `ANNOUNCE_EVERY_MS` however often the page polls (every 2 s on the home
 * page), the newest sentence winning. Browser-safe; drawn by components/ui/live/PoliteAnnouncer.
 */
import { getChain, LEVEL_LABELS } from '@/lib/protocol/chains';
import { formatInteger, plural } from '@/lib/text/format';
import type { TipsSnapshot } from './tips-types';

export const ANNOUNCE_EVERY_MS = 30_000;

/** "New block on Cyprus 1: Prime 12, Region 340, Zone 5,021; 3 transactions." (null with no block). */
export function tipAnnouncement(snapshot: TipsSnapshot): string | null {
  const block = snapshot.latestBlocks[0];
  if (!block) return null;
  const numbers = block.numbers.map((n, level) => `${LEVEL_LABELS[level]} ${formatInteger(BigInt(n))}`).join(', ');
  return `New block on ${getChain(block.chain).label}: ${numbers}; ${plural(block.transactionCount, 'transaction')}.`;
}

/**
 * Paces a live region: `offer` a message when it changes and wait the delay it returns before
 * `take`; what `take` hands out was not spoken in the last `everyMs`, and is the latest offered.
 */
export class AnnouncementPacer {
  private spokenAt: number | null = null;
  private spoken: string | null = null;
  private pending: string | null = null;

  constructor(private readonly everyMs: number = ANNOUNCE_EVERY_MS) {}

  /** The milliseconds until `message` may be spoken, or null when it is what was spoken last. */
  offer(message: string, now: number): number | null {
    if (message === this.spoken) {
      this.pending = null;
      return null;
    }
    this.pending = message;
    return this.spokenAt === null ? 0 : Math.max(0, this.spokenAt + this.everyMs - now);
  }

  /** The message to speak now, or null when none is due (nothing pending, or too soon). */
  take(now: number): string | null {
    if (this.pending === null) return null;
    if (this.spokenAt !== null && now < this.spokenAt + this.everyMs) return null;
    const message = this.pending;
    this.pending = null;
    this.spoken = message;
    this.spokenAt = now;
    return message;
  }
}
