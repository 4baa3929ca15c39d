/**
 * GET /api/health's answer: liveness (this process serves requests) and readiness per chain
 * (its node says its block number within the probe's short timeout, lib/server/health.ts).
 * Coalesced for a second, like the proxy's probe, so a load balancer polling every instance
 * often costs the node one call per chain per second at most.
 */
import { coalesce, type Coalesced } from './coalesce';
import { describeFailure } from './node-errors';
import { probeReaders } from './health';

export interface ChainReadiness {
  readonly chain: string;
  readonly ready: boolean;
  readonly height?: string;
  readonly error?: string;
  readonly latencyMs: number;
}

export interface Readiness {
  /** Ready when at least one chain answers: pages of the other chains say what failed. */
  readonly ready: boolean;
  readonly checkedAt: string;
  readonly chains: readonly ChainReadiness[];
}

async function probeChains(): Promise<Readiness> {
  const chains = await Promise.all(
    probeReaders().map(async (reader): Promise<ChainReadiness> => {
      const started = performance.now();
      try {
        const height = await reader.blockNumber();
        return { chain: reader.chain.name, ready: true, height: height.toString(), latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        return { chain: reader.chain.name, ready: false, error: describeFailure(error), latencyMs: Math.round(performance.now() - started) };
      }
    }),
  );
  return { ready: chains.some((c) => c.ready), checkedAt: new Date().toISOString(), chains };
}

const KEY = Symbol.for('strata.server.readiness');
type Holder = { [KEY]?: Coalesced<Readiness> };

export function readiness(): Promise<Readiness> {
  const holder = globalThis as Holder;
  holder[KEY] ??= coalesce(probeChains, 1_000);
  return holder[KEY]();
}
