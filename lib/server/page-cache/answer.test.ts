import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { hasNonce, inlineScriptHashes } from '@/lib/http/inline-scripts';
import { chooseEncoding, etagOf, plainBody, type Answer } from './answer';
import { markedNotStored } from './not-stored';

describe('kept answers sent compressed', () => {
  test('brotli when the client takes it, else gzip, else none; q=0 refuses an encoding', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  test('an answer kept in gzip only is inflated for a reader without gzip', async () => {
    const text = 'z'.repeat(10_000);
    const answer: Answer = { status: 200, gzipped: gzipSync(text), etag: etagOf(text), storedAt: 0 };
    expect((await plainBody(answer)).toString()).toBe(text);
  });

  test('a render that says it is incomplete is marked; text that only reads like the marker is not', () => {
    expect(markedNotStored('<head><meta name="strata-store" content="no: the node did not trace it"/></head>')).toBe(true);
    // Chain text is escaped by React: what a token name could carry.
    expect(markedNotStored('<span>&lt;meta name=&quot;strata-store&quot; content=&quot;no&quot;&gt;</span>')).toBe(false);
    expect(markedNotStored('<html><head><meta charSet="utf-8"/></head></html>')).toBe(false);
  });

  test('a kept page lists each inline script by the hash the browser computes; external scripts are not hashed', () => {
    const html = `<head><script>a()</script><script src="/_next/x.js" async></script></head><body><script id="s">self.__next_f.push([1,"é"])</script><script></script></body>`;
    const sha = (t: string) => `'sha256-${createHash('sha256').update(t, 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('self.__next_f.push([1,"é"])')]);
    expect(hasNonce(html)).toBe(false);
    expect(hasNonce('<script nonce="abc">x</script>')).toBe(true);
  });
});
