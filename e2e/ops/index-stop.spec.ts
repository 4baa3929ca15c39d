/**
 * A clean stop loses no index writes. The standalone server (what an operator
 * ships) writes its embedded index (PGlite) from a devnet of the test's own; once the status API
 * reports progress in every zone (both passes), the test sends SIGTERM, waits for the exit and
 * opens the data directory: each stored cursor, block and trace, is at least the last one reported,
 * and equals the height the server printed once it had closed the index. Before the fix Next's own SIGTERM handler exited without
 * closing PGlite, whose commits since its last checkpoint were only in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../devnet/index';
import { getChain, type ChainName } from '../../lib/protocol/chains';
import { readCursor } from '../../lib/index/engine/block-store';
import { readTraceCursor } from '../../lib/index/engine/trace-pass/trace-store';
import { openIndex } from '../../lib/index/open-index';
import { expect, test } from '../fixtures';
import { rpcEnvFor } from '../support/env';
import { devnetOffset, freePort } from '../support/ports';
import { startStandalone, type StandaloneServer } from '../support/standalone';

const ZONES: readonly ChainName[] = ['cyprus1', 'cyprus2'];
const CHAINS = (['prime', 'cyprus', ...ZONES] as ChainName[]).map((n) => getChain(n));
/** Indexed height every zone must pass before the stop. */
const PROGRESS = 20n;

interface StatusBody {
  readonly state: string;
  readonly chains: readonly { chain: ChainName; indexedHeight: string | null; traceCursor: string | null }[];
}

type Cursors = { readonly block: bigint; readonly traced: bigint };

/** Per zone, the block and trace cursors /api/v1/index/status reports (-1 before the first block). */
async function reportedHeights(url: string): Promise<Map<ChainName, Cursors>> {
  const response = await fetch(`${url}/api/v1/index/status`);
  if (!response.ok) return new Map();
  const body = (await response.json()) as StatusBody;
  const height = (v: string | null): bigint => (v === null ? -1n : BigInt(v));
  return new Map(body.chains.map((c) => [c.chain, { block: height(c.indexedHeight), traced: height(c.traceCursor) }]));
}

test.describe('a clean stop of an explorer that writes its index', () => {
  let devnet: Devnet | undefined;
  let server: StandaloneServer | undefined;
  // Made in the test: the module is loaded by the runner too, which would leave a directory behind.
  let dir: string | undefined;

  test.afterAll(async () => {
    await server?.stop();
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('SIGTERM leaves on disk every cursor the status reported', async () => {
    test.setTimeout(180_000);
    const offset = devnetOffset();
    const dataDir = mkdtempSync(join(tmpdir(), 'strata-e2e-stop-'));
    dir = dataDir;
    devnet = await startDevnet({ topology: '1x2', portOffset: offset, blockTimeMs: 300 });
    await Promise.all(ZONES.map((z) => (devnet as Devnet).waitForBlocks(z, Number(PROGRESS) + 10, 90_000)));
    server = await startStandalone(await freePort(), {
      ...rpcEnvFor(offset, CHAINS), STRATA_INDEX: 'on', STRATA_INDEX_DIR: dataDir, STRATA_INDEX_CONCURRENCY: '1', STRATA_LOG: 'off',
    });
    const url = server.url;
    let reported = new Map<ChainName, Cursors>();
    await expect
      .poll(async () => {
        reported = await reportedHeights(url);
        return ZONES.every((z) => (reported.get(z)?.block ?? -1n) >= PROGRESS && (reported.get(z)?.traced ?? -1n) >= 0n);
      }, { timeout: 90_000, message: `every zone indexed past ${PROGRESS}, and traced` })
      .toBe(true);

    // Next exits 143 on SIGTERM; the grace is long so that a slow close is not cut short by SIGKILL.
    const exit = await server.stop(60_000);
    const output = server.output();
    expect(exit, output).toEqual({ code: 143, signal: null });
    const stored = new Map<ChainName, Cursors>();
    const db = await openIndex({ dataDir });
    try {
      for (const zone of ZONES) stored.set(zone, { block: (await readCursor(db, zone))?.number ?? -1n, traced: (await readTraceCursor(db, zone)).number ?? -1n });
    } finally {
      await db.close();
    }
    for (const zone of ZONES) {
      const [on, said] = [stored.get(zone), reported.get(zone)];
      expect(on?.block, `${zone}: stored block cursor against reported ${said?.block}\n${output}`).toBeGreaterThanOrEqual(said?.block ?? PROGRESS);
      expect(on?.traced, `${zone}: stored trace cursor against reported ${said?.traced}\n${output}`).toBeGreaterThanOrEqual(said?.traced ?? 0n);
      expect(on?.traced, `${zone}: the trace cursor is never above the block cursor`).toBeLessThanOrEqual(on?.block ?? -1n);
    }
    // Equal to what the server had committed when it stopped, as it printed once the index was closed.
    const closed = /^index: closed; indexed (.+); traced (.+)$/m.exec(output);
    expect(closed, output).not.toBeNull();
    expect((closed?.[1] ?? '').split(' ')).toEqual(ZONES.map((z) => `${z}=${stored.get(z)?.block}`));
    expect((closed?.[2] ?? '').split(' ')).toEqual(ZONES.map((z) => `${z}=${stored.get(z)?.traced}`));
  });
});
