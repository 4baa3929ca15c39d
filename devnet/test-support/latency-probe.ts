/**
 * For tests of node-work bounds: asks a chain's node `blockNumber` over and over, as a client
 * would (its own HTTP request each time, timed from send to answer), until stopped, and keeps the
 * slowest answer. What "the node still answers" means, measured while a test makes it work.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { createChainClient } from '@/lib/rpc/client';

export interface LatencyProbe {
  /** The figures so far, asking on. */
  peek(): Promise<{ readonly slowestMs: number; readonly asked: number }>;
  /** Stops asking; the slowest answer in ms, how many were asked, and the first failure (the node did not answer), if any. */
  stop(): Promise<{ readonly slowestMs: number; readonly slowestAt: string | null; readonly asked: number; readonly failed: string | null }>;
}

export function startLatencyProbe(chain: ChainName, url: string): LatencyProbe {
  const client = createChainClient({ chain, url, timeoutMs: 60_000, batch: false });
  let running = true;
  let slowestMs = 0;
  let slowestAt: string | null = null;
  let asked = 0;
  let failed: string | null = null;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await client.getBlockNumber();
      } catch (error) {
        // Reported by stop(), never thrown here: a node stopped under the probe must not become an unhandled rejection.
        failed ??= error instanceof Error ? error.message.split('\n')[0]! : String(error);
        if (!running) break;
      }
      const took = performance.now() - started;
      if (took > slowestMs) {
        slowestMs = took;
        slowestAt = new Date(Date.now() - took).toISOString();
      }
      asked++;
      // A breath between asks: the probe must not be the load it measures.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async peek() {
      return { slowestMs, asked };
    },
    async stop() {
      running = false;
      await loop;
      return { slowestMs, slowestAt, asked, failed };
    },
  };
}
