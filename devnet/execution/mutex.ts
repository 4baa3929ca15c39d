/**
 * A FIFO async mutex. The ethereumjs state manager is stateful (setStateRoot moves it), so every
 * read or execution that positions it at a root must hold the lock until it is done.
 *
 * A holder that had to wait lets the event loop turn once before it runs: released holders would
 * otherwise follow one another in microtasks, so a queue of calls (each a synchronous stretch of
 * EVM) would hold the whole process — every chain's answers, a plain blockNumber included — until
 * the last of them is done. With the turn, another request waits for one call at most.
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Holders and waiters. */
  private queued = 0;

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    const contended = this.queued++ > 0;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    if (contended) await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      return await fn();
    } finally {
      this.queued--;
      release();
    }
  }
}
