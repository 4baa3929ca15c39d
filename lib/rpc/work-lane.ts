/**
 * A zone's lane for node work of a caller's choosing (calls, gas estimates, dry runs): at most
 * `inFlight` of its requests at the node at once, so one client's expensive calls cannot take the
 * whole node while pages' cheap reads (blocks, balances, receipts), which never enter a lane, go
 * on. A request that finds the lane full waits its turn (first come, first served) for at most
 * `waitMs`, behind at most `maxWaiting` others; past either it is refused at once with
 * NodeBusyError, which the routes answer 503 with Retry-After: a caller is told, never left hanging.
 *
 * A request the client stops waiting for (RpcTimeoutError) may still be running at the node, which
 * JSON-RPC cannot cancel: its slot is kept for `holdAfterTimeoutMs` more, so calls abandoned by
 * their callers cannot pile up at the node behind the lane's back.
 *
 * Pure (timers only): lib/server/node/clients.ts gives each served zone one, around a transport of
 * its own (never batched with page reads, ./transport.ts).
 */
import { NodeBusyError } from './errors';
import type { RpcTransport } from './transport';

export interface WorkLaneOptions {
  readonly inFlight: number;
  readonly waitMs: number;
  readonly maxWaiting: number;
  /** How long a timed-out request keeps its slot (the node may still be running it). */
  readonly holdAfterTimeoutMs: number;
}

interface Waiter {
  readonly start: () => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

export class WorkLane {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly chain: string,
    private readonly url: string,
    readonly options: WorkLaneOptions,
  ) {}

  /** Requests at the node now, and waiting for a slot. */
  get state(): { readonly inFlight: number; readonly waiting: number } {
    return { inFlight: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` in a slot, waiting for one as the options allow; NodeBusyError when it cannot have one. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    let timedOut = false;
    try {
      return await work();
    } catch (error) {
      timedOut = error instanceof Error && error.name === 'RpcTimeoutError';
      throw error;
    } finally {
      if (timedOut) setTimeout(() => this.release(), this.options.holdAfterTimeoutMs).unref?.();
      else this.release();
    }
  }

  private busy(): NodeBusyError {
    return new NodeBusyError({
      chain: this.chain, url: this.url, inFlight: this.running, retryAfterSeconds: Math.max(1, Math.ceil(this.options.waitMs / 1_000)),
    });
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.inFlight) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxWaiting || this.options.waitMs <= 0) return Promise.reject(this.busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.running++;
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(this.busy());
        }, this.options.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.start();
  }
}

/** `transport` with each of its requests (one call, or an explicit batch) run in `lane`. */
export function laneTransport(transport: RpcTransport, lane: WorkLane): RpcTransport {
  const request = (method: string, params: readonly unknown[], parse?: (result: unknown) => unknown) =>
    lane.run(() => (parse ? transport.request(method, params, parse) : transport.request(method, params)));
  return {
    chain: transport.chain,
    url: transport.url,
    request: request as RpcTransport['request'],
    requestBatch: (calls) => lane.run(() => transport.requestBatch(calls)),
  };
}
