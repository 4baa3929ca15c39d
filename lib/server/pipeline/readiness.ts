/**
 * GET /api/health's answer: liveness (this process serves requests), readiness per chain (its
 * node says its block number within the probe's short timeout, lib/server/node/health.ts), and the
 * history index as a component of its own (`withComponents`).
 * Coalesced for a second, like the proxy's probe, so a load balancer polling every instance
 * often costs the node one call per chain per second at most.
 */
import { coalesce, type Coalesced } from '@/lib/server/cache/coalesce';
import { describeFailure } from '@/lib/server/node/node-errors';
import { probeReaders } from '@/lib/server/node/health';
import { processWide } from '@/lib/ops/process-wide';

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

export function readiness(): Promise<Readiness> {
  return processWide<Coalesced<Readiness>>('server.readiness', () => coalesce(probeChains, 1_000))();
}

/** A part of the explorer besides the nodes (the history index): its state and, when not ready, why. */
export interface ComponentHealth {
  readonly state: string;
  readonly error?: string;
  readonly since?: string;
}

/**
 * `ready`: every chain answers and every component is ready; `degraded`: the instance can serve
 * (some chain answers, the index is open) but a chain or a component cannot (an index whose writes
 * fail: the pages read from the node still work, the history stops growing); `unready`: no chain
 * answers, or the index the configuration asks for is not open (yet: it is tried again until it
 * opens, lib/server/index/index-service.ts).
 */
export type OverallStatus = 'ready' | 'degraded' | 'unready';

/** Component states that are not failures: open and well, or turned off on purpose. */
const NOT_FAILING = new Set(['ready', 'off']);
/** Index states in which the instance must not be sent traffic: the index it is configured with is not open. */
const NOT_OPEN = new Set(['starting', 'unavailable']);

export interface ReadinessAnswer extends Readiness {
  readonly status: OverallStatus;
  readonly index: ComponentHealth & { readonly ready: boolean };
}

/**
 * The answer with the index beside the chains. `ready` (and the 200 a load balancer routes by)
 * needs a chain that answers and, unless STRATA_INDEX=off, the index open: an instance still
 * opening its index (or unable to: a database down, a data directory another process holds)
 * answers every history question with "unavailable", so it leaves the pool until the index
 * opens. An index open but whose writes fail keeps the instance ready (it serves what is indexed
 * and every page the node answers; docs/deploy.md); `status` says it is degraded and `index` why.
 */
export function withComponents(readiness: Readiness, index: ComponentHealth): ReadinessAnswer {
  const ready = readiness.ready && !NOT_OPEN.has(index.state);
  const degraded = !NOT_FAILING.has(index.state) || readiness.chains.some((c) => !c.ready);
  return {
    ...readiness,
    ready,
    status: !ready ? 'unready' : degraded ? 'degraded' : 'ready',
    index: { ...index, ready: index.state === 'ready' },
  };
}
