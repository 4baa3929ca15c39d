/**
 * The process's stream service (./stream-service.ts) over the process's readers, tips and Redis,
 * hooked to every read of the node's tips. One per process (lib/ops/process-wide.ts), made by
 * whichever bundle asks first: instrumentation.ts at start, so the feed follows the chains from
 * the first read; the stream route and the pages drawn from the recent past find it made.
 */
import { configuredChains, getReaders } from '@/lib/server/node/clients';
import { getTips, onTipsReadFromNode } from '@/lib/server/tips/tips-source';
import { existingProcessWide, processWide } from '@/lib/ops/process-wide';
import { sharedRedis } from '@/lib/ops/redis';
import { loadStreamConfig } from './stream-config';
import { createStreamService, type StreamService } from './stream-service';

const NAME = 'stream';

export function streamService(): StreamService {
  return processWide(NAME, () => {
    const config = loadStreamConfig();
    const service = createStreamService({
      config,
      poll: () => getTips(),
      readerOf: (chain) => getReaders().byName.get(chain),
      served: () => configuredChains().map((c) => c.name),
      redis: sharedRedis,
    });
    if (config.enabled) onTipsReadFromNode({ wants: () => service.wants(), ingest: (read) => service.ingest(read) });
    return service;
  });
}

/** The service if some bundle made it: server.ts's stop ends its streams without making one. */
export function existingStreamService(): StreamService | undefined {
  return existingProcessWide<StreamService>(NAME);
}
