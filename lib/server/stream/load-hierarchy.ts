/**
 * The data of /hierarchy: the blocks of the stream's recent past (the replay log) and the
 * position they end at, so the page's stream goes on from exactly there. A read of the tips
 * first: on a process that has not read the node yet, that is what fills the log.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { hierarchyBlockOf, keepRecent, type HierarchyBlock } from '@/lib/live/hierarchy/layout';
import { configuredChains } from '@/lib/server/node/clients';
import { getTips } from '@/lib/server/tips/tips-source';
import { streamService } from './process-stream';

export interface HierarchyData {
  readonly chains: readonly ChainName[];
  readonly blocks: readonly HierarchyBlock[];
  readonly position: string;
  /** False with STRATA_STREAM=off: the page says it cannot draw. */
  readonly streaming: boolean;
}

export async function loadHierarchy(): Promise<HierarchyData> {
  const service = streamService();
  await getTips().catch(() => undefined);
  return {
    chains: configuredChains().map((c) => c.name),
    blocks: keepRecent(service.recentBlocks().map(hierarchyBlockOf)),
    position: service.position(),
    streaming: service.config.enabled,
  };
}
