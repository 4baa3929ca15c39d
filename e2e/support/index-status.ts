/**
 * Waiting for an explorer's history index: resolves once both passes have committed a zone's head
 * as the node gives it now (/api/v1/index/status: the block cursor, and the trace cursor unless
 * the node does not trace), so what the test does next reads that block's rows and the index
 * commits nothing more until the next block.
 */
import { expect } from '@playwright/test';
import { rpc } from './rpc';

export async function untilIndexed(origin: string, zoneUrl: string, chain: string): Promise<void> {
  const head = BigInt(await rpc<string>(zoneUrl, 'quai_blockNumber', []));
  await expect
    .poll(
      async () => {
        const status = (await (await fetch(`${origin}/api/v1/index/status`)).json()) as {
          chains: Array<{ chain: string; indexedHeight: string | null; traceCursor?: string | null; untraced?: unknown }>;
        };
        const zone = status.chains.find((c) => c.chain === chain);
        const traced = zone?.untraced ? zone.indexedHeight : zone?.traceCursor;
        return `${zone?.indexedHeight} traced ${traced}`;
      },
      { timeout: 60_000, message: `the index reaches ${chain}’s head` },
    )
    .toBe(`${head} traced ${head}`);
}
