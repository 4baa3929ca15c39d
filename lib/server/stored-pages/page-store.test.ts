import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { hasNonce, inlineScriptHashes } from '@/lib/http/inline-scripts';
import { finalityDepth, storedKeyOf } from './immutable-pages';
import { markedNotStored } from './not-stored';
import { MemoryPageStore, type StoredPage } from './page-store';

const page = (body: string): StoredPage => ({ body, csp: '', etag: '"x"', storedAt: 0 });
const HASH = `0x${'ab'.repeat(32)}`;

describe('page store', () => {
  test('behavior: keeps pages up to its size, forgetting the least recently used first', async () => {
    const store = new MemoryPageStore(25);
    await store.set('a', page('a'.repeat(10)));
    await store.set('b', page('b'.repeat(10)));
    expect((await store.get('a'))?.body).toBe('a'.repeat(10)); // a is now the most recent
    await store.set('c', page('c'.repeat(10)));
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
    expect(await store.get('c')).toBeDefined();
    expect(store.size).toBe(2);
  });

  test('which URLs are stored: blocks by hash (tabs, uncles, transactions), transactions by hash; nothing by number or with unknown parameters', () => {
    const params = (q: string) => new URLSearchParams(q);
    expect(storedKeyOf(`/chain/cyprus1/block/${HASH}`, params(''))).toBe(`/chain/cyprus1/block/${HASH}`);
    expect(storedKeyOf(`/chain/cyprus1/block/${HASH.toUpperCase().replace('0X', '0x')}`, params('tab=raw'))).toBe(`/chain/cyprus1/block/${HASH}?tab=raw`);
    expect(storedKeyOf(`/chain/cyprus1/block/${HASH}/uncle/0`, params(''))).toBeDefined();
    expect(storedKeyOf(`/chain/cyprus1/block/${HASH}/tx/12`, params(''))).toBeDefined();
    // Transaction pages carry the verified contracts' epoch ('-': no index here).
    expect(storedKeyOf(`/tx/${HASH}`, params(''))).toBe(`/tx/${HASH}#verified=-`);
    expect(storedKeyOf('/chain/cyprus1/block/12', params(''))).toBeUndefined();
    expect(storedKeyOf('/chain/cyprus1/block/latest', params(''))).toBeUndefined();
    expect(storedKeyOf(`/chain/cyprus1/block/${HASH}`, params('utm=1'))).toBeUndefined();
    // A transaction page's own tabs are pages of their own; any other tab value is not kept.
    expect(storedKeyOf(`/tx/${HASH}`, params('tab=trace'))).toBe(`/tx/${HASH}?tab=trace#verified=-`);
    expect(storedKeyOf(`/tx/${HASH}`, params('tab=state'))).toBe(`/tx/${HASH}?tab=state#verified=-`);
    expect(storedKeyOf(`/tx/${HASH}`, params('tab=overview'))).toBe(`/tx/${HASH}?tab=overview#verified=-`);
    expect(storedKeyOf(`/tx/${HASH}`, params('tab=tracex'))).toBeUndefined();
    expect(storedKeyOf(`/chain/cyprus1/block/${HASH}/tx/3`, params('tab=trace'))).toBe(`/chain/cyprus1/block/${HASH}/tx/3?tab=trace#verified=-`);
    expect(storedKeyOf(`/chain/cyprus1/block/${HASH}/tx/3`, params('tab=raw'))).toBeUndefined();
    expect(finalityDepth({})).toBe(20n);
    expect(finalityDepth({ STRATA_FINALITY_DEPTH: '4' })).toBe(4n);
  });

  test('a render that says it is incomplete is marked; text that only reads like the marker is not', () => {
    expect(markedNotStored('<head><meta name="strata-store" content="no: the node did not trace it"/></head>')).toBe(true);
    // Chain text is escaped by React: what a token name could carry.
    expect(markedNotStored('<span>&lt;meta name=&quot;strata-store&quot; content=&quot;no&quot;&gt;</span>')).toBe(false);
    expect(markedNotStored('<html><head><meta charSet="utf-8"/></head></html>')).toBe(false);
  });

  test('a stored page lists each inline script by the hash the browser computes; external scripts are not hashed', () => {
    const html = `<head><script>a()</script><script src="/_next/x.js" async></script></head><body><script id="s">self.__next_f.push([1,"é"])</script><script></script></body>`;
    const sha = (t: string) => `'sha256-${createHash('sha256').update(t, 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('self.__next_f.push([1,"é"])')]);
    expect(hasNonce(html)).toBe(false);
    expect(hasNonce('<script nonce="abc">x</script>')).toBe(true);
  });
});
