/**
 * Event streams on the serving path (server.ts's bundle, as `npm run serve` runs it, on the
 * suite's devnet): never compressed or kept, hundreds open while the liveness probe answers,
 * and ended with an `end` event by SIGTERM, which the server's stop does not wait on.
 */
import { expect, test } from '../fixtures';
import { DEVNET_OFFSET, rpcEnvFor } from '../support/env';
import { startExplorer, type ExplorerInstance } from '../support/explorer';
import { freePort } from '../support/ports';
import { fetchStream, type FetchedStream } from '../../lib/live/fetch-stream';

test.describe('event streams on the serving path', () => {
  test.describe.configure({ mode: 'serial' });
  let explorer: ExplorerInstance | undefined;
  const open: FetchedStream[] = [];

  test.beforeAll(async () => {
    explorer = await startExplorer(await freePort(), { ...rpcEnvFor(DEVNET_OFFSET), STRATA_TRUSTED_PROXIES: '1', STRATA_LOG: 'off' });
  });
  test.afterAll(async () => {
    for (const s of open) s.close();
    await explorer?.stop();
  });

  test('a stream is neither compressed nor kept, and its events come as the chain moves', async () => {
    if (!explorer) throw new Error('not started');
    const stream = await fetchStream(`${explorer.url}/api/v1/stream?chain=cyprus1`, { 'accept-encoding': 'gzip, deflate, br' });
    open.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-store, no-transform');
    expect(stream.headers.get('x-strata-store')).toBeNull();
    await stream.next((e) => e.event === 'ready');
    const block = await stream.next((e) => e.event === 'block');
    expect(block.event === 'block' && block.data.chain).toBe('cyprus1');
  });

  test('with hundreds of streams open, the liveness probe answers and each stream still hears blocks', async () => {
    if (!explorer) throw new Error('not started');
    const many = await Promise.all(Array.from({ length: 300 }, (_, i) => fetchStream(`${explorer!.url}/api/v1/stream?chain=all`, { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` })));
    open.push(...many);
    expect(many.filter((s) => s.status === 200)).toHaveLength(300);
    for (const s of many) await s.next((e) => e.event === 'ready');
    const live = await fetch(`${explorer.url}/api/health?live`);
    expect(live.status).toBe(200);
    // The last one opened hears the next block like the first.
    await Promise.all([many[0]!, many[299]!].map((s) => s.next((e) => e.event === 'block')));
  });

  test('SIGTERM ends every open stream with an end event, and the server exits', async () => {
    if (!explorer) throw new Error('not started');
    const watched = open.slice(0, 5);
    explorer.kill('SIGTERM');
    for (const s of watched) {
      const end = await s.next((e) => e.event === 'end');
      expect(end.data).toEqual({ reason: 'the server is stopping' });
      await s.ended;
    }
    await explorer.exited;
    expect(explorer.output()).toContain('SIGTERM: closing the server and the index');
  });
});
