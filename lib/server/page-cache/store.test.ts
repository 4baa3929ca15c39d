import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { etagOf, type Answer } from './answer';
import type { RenderResult } from './render';
import { AnswerStore } from './store';

const page = (text: string): Answer => ({ status: 200, contentType: 'text/html', body: Buffer.from(text), etag: etagOf(text), storedAt: 0 });
const kept = (text: string) => async (): Promise<RenderResult> => ({ kind: 'kept', answer: page(text) });

describe('the page cache’s store', () => {
  test('keeps copies up to its size, forgetting the least recently served first', async () => {
    const store = new AnswerStore(3 * (1000 + 200), 2000);
    for (const url of ['/a', '/b', '/c']) await store.fetch({ url, variant: '' }, kept(url.repeat(500)));
    expect(store.peek({ url: '/a', variant: '' })).toBeDefined(); // /a is now the most recent
    await store.fetch({ url: '/d', variant: '' }, kept('/d'.repeat(500)));
    expect(store.peek({ url: '/b', variant: '' })).toBeUndefined();
    expect(store.peek({ url: '/a', variant: '' })).toBeDefined();
    expect(store.size).toBe(3);
  });

  test('one copy per URL: a newer variant’s copy replaces the older one', async () => {
    const store = new AnswerStore(1_000_000);
    await store.fetch({ url: '/', variant: 'tip-1' }, kept('one'));
    await store.fetch({ url: '/', variant: 'tip-2' }, kept('two'));
    expect(store.peek({ url: '/', variant: 'tip-1' })).toBeUndefined();
    expect(store.peek({ url: '/', variant: 'tip-2' })?.body?.toString()).toBe('two');
    expect(store.size).toBe(1);
    expect(store.urls()).toEqual(['/']);
  });

  test('concurrent requests share one render; later ones are hits; what is not kept is rendered again', async () => {
    const store = new AnswerStore(1_000_000);
    let renders = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async (): Promise<RenderResult> => {
      renders++;
      await gate;
      return { kind: 'kept', answer: page('x') };
    };
    const waiting = Array.from({ length: 8 }, () => store.fetch({ url: '/x', variant: '' }, load));
    release();
    const outcomes = (await Promise.all(waiting)).map((f) => f.outcome);
    expect(renders).toBe(1);
    expect(outcomes.filter((o) => o === 'rendered')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'shared')).toHaveLength(7);
    expect((await store.fetch({ url: '/x', variant: '' }, load)).outcome).toBe('hit');

    const missing = async (): Promise<RenderResult> => {
      renders++;
      return { kind: 'not-kept' };
    };
    expect((await store.fetch({ url: '/404', variant: '' }, missing)).answer).toBeUndefined();
    expect((await store.fetch({ url: '/404', variant: '' }, missing)).answer).toBeUndefined();
    expect(renders).toBe(3);
  });

  test('an answer over the limit of one copy is handed to every request that waited for it, not kept', async () => {
    const store = new AnswerStore(1_000_000, 1_000);
    const big = page('y'.repeat(5_000));
    let renders = 0;
    const load = async (): Promise<RenderResult> => {
      renders++;
      await new Promise((r) => setTimeout(r, 10));
      return { kind: 'too-large', answer: big };
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => store.fetch({ url: '/big', variant: '' }, load)));
    expect(renders).toBe(1);
    for (const { answer } of answers) expect(answer).toBe(big);
    expect(store.peek({ url: '/big', variant: '' })).toBeUndefined();
  });

  test('each encoding of a copy is made once, off the event loop, kept beside it and dropped with it', async () => {
    const store = new AnswerStore(1_000_000);
    const text = `<!DOCTYPE html><p>${'Cyprus 1 · block '.repeat(2000)}é</p>`;
    const key = { url: '/p', variant: 'a' };
    const { answer } = await store.fetch(key, kept(text));
    if (!answer) throw new Error('not kept');
    const first = store.encoded(key, answer, 'gzip', false);
    const second = store.encoded(key, answer, 'gzip', false);
    const [gz, again] = await Promise.all([first, second]);
    expect(again).toBe(gz); // a second request shared the compression
    expect(gunzipSync(gz as Buffer).toString('utf8')).toBe(text);
    expect(brotliDecompressSync((await store.encoded(key, answer, 'br', false)) as Buffer).toString('utf8')).toBe(text);
    expect((gz as Buffer).length).toBeLessThan(text.length / 10);
    expect(await store.encoded(key, answer, 'gzip', false)).toBe(gz); // kept: not compressed again
    expect(store.size).toBe(3);
    // A newer variant replaces the copy, and its compressed bodies go with it.
    await store.fetch({ url: '/p', variant: 'b' }, kept('newer'));
    expect(store.size).toBe(1);
    // An answer the store does not hold is sent as it is; one kept in gzip is sent as kept.
    expect(await store.encoded(key, answer, 'br', false)).toBeUndefined();
    const gzipped = gzipSync('z'.repeat(1000));
    expect(await store.encoded({ url: '/z', variant: '' }, { status: 200, gzipped, etag: '"z"', storedAt: 0 }, 'gzip', false)).toBe(gzipped);
  });
});
