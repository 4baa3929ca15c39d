/**
 * A tip page rendered once for the fleet, against a real redis-server started here on a free
 * port: two renders of one copy asked at once, as two instances would, cost one render; the
 * other is handed the copy its renderer published. Nothing is mocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/e2e/support/ports';
import { startRedis, type RedisServer } from '@/e2e/support/redis';
import { sharedRedis } from '@/lib/ops/redis';
import { etagOf } from './answer';
import { renderForFleet } from './fleet';
import type { RenderResult } from './render';

let server: RedisServer;

beforeAll(async () => {
  server = await startRedis(await freePort());
  process.env.REDIS_URL = server.url;
  // The shared client connects on first use; wait until it answers.
  for (let i = 0; i < 100 && sharedRedis()?.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 20));
}, 20_000);

afterAll(async () => {
  sharedRedis()?.disconnect();
  await server?.stop();
});

describe('tip pages rendered once for the fleet', () => {
  it('two instances asking for one new copy at once: one renders, the other reads its copy', async () => {
    let renders = 0;
    const body = Buffer.from('<html>tip</html>');
    const render = async (): Promise<RenderResult> => {
      renders++;
      await new Promise((r) => setTimeout(r, 200));
      return { kind: 'kept', answer: { status: 200, contentType: 'text/html', body, etag: etagOf(body), storedAt: Date.now() } };
    };
    const key = { url: '/', variant: `fleet-test-${Date.now()}` };
    let fromFleet = 0;
    const [first, second] = await Promise.all([
      renderForFleet(key, 'tip-page', 60, render, () => fromFleet++),
      renderForFleet(key, 'tip-page', 60, render, () => fromFleet++),
    ]);
    expect(renders, 'one render for both').toBe(1);
    expect(fromFleet, 'the other read the published copy').toBe(1);
    for (const result of [first, second]) {
      expect(result.kind).toBe('kept');
      if (result.kind === 'kept') expect(result.answer.body?.toString()).toBe('<html>tip</html>');
    }
  });
});
