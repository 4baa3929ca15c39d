/**
 * Waiting for an explorer's history index: resolves once every pass has committed a zone's head
 * as the node gives it now (/api/v1/index/status: the block cursor, the trace cursor and the
 * balance cursor, both stages; the last two only where the node traces), so what the test does
 * next reads that block's rows and the index commits nothing more until the next block. Each
 * pass commits on its own, each commit a new index version: a wait that skipped one would let it
 * commit between two requests the test expects to share one version. On a chain still mining,
 * it resolves once the index holds the head as it was asked, whatever came after.
 */
import { expect } from '@playwright/test';
import { rpc } from './rpc';

export async function untilIndexed(origin: string, zoneUrl: string, chain: string): Promise<void> {
  const head = BigInt(await rpc<string>(zoneUrl, 'quai_blockNumber', []));
  await expect
    .poll(
      async () => {
        const status = (await (await fetch(`${origin}/api/v1/index/status`)).json()) as {
          chains: Array<{ chain: string; indexedHeight: string | null; traceCursor?: string | null; balanceCursor?: string | null; untraced?: unknown }>;
        };
        const zone = status.chains.find((c) => c.chain === chain);
        // Without traces the balance pass's internal stage waits for them: only the block pass is awaited.
        const traced = zone?.untraced ? zone.indexedHeight : zone?.traceCursor;
        const balanced = zone?.untraced ? zone.indexedHeight : zone?.balanceCursor;
        const reached = (cursor: string | null | undefined) => cursor != null && BigInt(cursor) >= head;
        return reached(zone?.indexedHeight) && reached(traced) && reached(balanced) ? 'reached' : `${zone?.indexedHeight} traced ${traced} balanced ${balanced}`;
      },
      { timeout: 90_000, message: `the index reaches ${chain}’s head, ${head}` },
    )
    .toBe('reached');
}
