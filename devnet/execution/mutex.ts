/**
 * A FIFO async mutex. The ethereumjs state manager is stateful (setStateRoot moves it), so every
 * read or execution that positions it at a root must hold the lock until it is done.
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
