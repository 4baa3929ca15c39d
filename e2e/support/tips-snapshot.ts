/**
 * Waiting for an explorer's tips snapshot (/api/tips, the one the pages that follow the tip are
 * rendered and kept by): resolves once its `chain` is at least `height`. A page asked for after
 * that shows that height or a newer one; a page asked for before may show the snapshot before it,
 * which lives two seconds.
 */
import { expect } from '@playwright/test';

export async function untilTipsReach(origin: string, chain: string, height: bigint, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const tips = (await (await fetch(`${origin}/api/tips`)).json()) as { chains?: Array<{ chain: string; height: string | null }> };
        const shown = tips.chains?.find((c) => c.chain === chain)?.height;
        return shown != null && BigInt(shown) >= height;
      },
      { timeout, message: `the explorer's tips snapshot reaches ${chain} ${height}` },
    )
    .toBe(true);
}
