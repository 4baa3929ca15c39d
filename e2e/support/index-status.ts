/**
 * Waiting for an explorer's history index: resolves once it has committed a zone's head as the
 * node gives it now (/api/v1/index/status), so what the test does next reads that block's rows.
 */
import { expect } from '@playwright/test';
import { rpc } from './rpc';

export async function untilIndexed(origin: string, zoneUrl: string, chain: string): Promise<void> {
  const head = BigInt(await rpc<string>(zoneUrl, 'quai_blockNumber', []));
  await expect
    .poll(
      async () => {
        const status = (await (await fetch(`${origin}/api/v1/index/status`)).json()) as { chains: Array<{ chain: string; indexedHeight: string | null }> };
        return status.chains.find((c) => c.chain === chain)?.indexedHeight;
      },
      { timeout: 60_000, message: `the index reaches ${chain}’s head` },
    )
    .toBe(head.toString());
}
