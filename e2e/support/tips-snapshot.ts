/**
 * Waiting for an explorer's tips snapshot (/api/tips, the one the pages that follow the tip are
 * rendered and kept by). A page asked for after the wait shows what the snapshot showed or
 * something newer; a page asked for before may show the snapshot before it, which lives two seconds.
 */
import { expect } from '@playwright/test';

interface ChainTip { chain: string; height: string | null; hash: string | null }

async function tipOf(origin: string, chain: string): Promise<ChainTip | undefined> {
  const tips = (await (await fetch(`${origin}/api/tips`)).json()) as { chains?: ChainTip[] };
  return tips.chains?.find((c) => c.chain === chain);
}

/** Resolves once the snapshot's `chain` is at least `height`. */
export async function untilTipsReach(origin: string, chain: string, height: bigint, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const shown = (await tipOf(origin, chain))?.height;
        return shown != null && BigInt(shown) >= height;
      },
      { timeout, message: `the explorer's tips snapshot reaches ${chain} ${height}` },
    )
    .toBe(true);
}

/** Resolves once the snapshot's `chain` has `hash` as its head. */
export async function untilTipsShow(origin: string, chain: string, hash: string, timeout = 30_000): Promise<void> {
  await expect
    .poll(async () => (await tipOf(origin, chain))?.hash, { timeout, message: `${origin}'s tips snapshot shows ${chain}'s head ${hash}` })
    .toBe(hash);
}
