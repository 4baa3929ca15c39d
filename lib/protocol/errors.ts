/**
 * The project's error family, in viem's style: every error the project throws is a
 * `StrataError` with a one-line `shortMessage` for a reader and the `cause` it wraps, and a small
 * subclass per case that code can test with `instanceof` (or by `name` across bundles).
 * lib/rpc's `BaseError` is the family's member for node failures, with its chain, URL and details.
 * Pure and browser-safe: lib/protocol and the devnet throw these too.
 */

export interface StrataErrorOptions {
  /** The failure this one wraps. */
  readonly cause?: unknown;
  /** When the message has more than the reader's line (a footer of details): that line. */
  readonly shortMessage?: string;
}

export class StrataError extends Error {
  /**
   * One line for a reader. By default the message's first line: what describeFailure has always
   * shown of an error, so a message becomes no longer on a page by joining the family.
   */
  readonly shortMessage: string;

  constructor(message: string, options: StrataErrorOptions = {}) {
    // No `cause` key at all when there is none, as a plain `new Error(message)` has none.
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = options.shortMessage ?? message.split('\n')[0] ?? message;
  }
}
