import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { knownBlockRedirect, learnFromStoredKey } from './block-chains';
import type { StoredPage } from './page-store';
import { chooseEncoding, encodedBody } from './stored-encoding';

const HASH = `0x${'cd'.repeat(32)}`;

describe('stored pages sent compressed', () => {
  test('brotli when the client takes it, else gzip, else none; q=0 refuses an encoding', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  test('each encoding is made once per page, off the event loop, and decodes to the page', async () => {
    const page: StoredPage = { body: `<!DOCTYPE html><p>${'Cyprus 1 · block '.repeat(2000)}é</p>`, csp: '', etag: '"e"', storedAt: 0 };
    const first = encodedBody(page, 'gzip', 'quick');
    expect(first).toBeInstanceOf(Promise); // nothing compressed on the caller's turn
    expect(encodedBody(page, 'gzip', 'quick')).toBe(first); // a second request shares it
    const gz = await first;
    const br = await encodedBody(page, 'br', 'quick');
    expect(gunzipSync(gz).toString('utf8')).toBe(page.body);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(page.body);
    expect(gz.length).toBeLessThan(page.body.length / 10);
    expect(encodedBody(page, 'gzip', 'quick')).toBe(gz); // the same buffer, at once: not compressed again
  });

  test('a stored page gets its quick copy first, then a thorough one that decodes the same', async () => {
    const page: StoredPage = { body: `<!DOCTYPE html>${Array.from({ length: 3000 }, (_, i) => `<tr><td>${i}</td><td>0x${(i * 7919).toString(16).padStart(8, '0')}</td></tr>`).join('')}`, csp: '', etag: '"s"', storedAt: 0 };
    const quick = await encodedBody(page, 'br', 'stored');
    // The thorough copy replaces it once made (on the thread pool): wait for that event.
    await expect.poll(() => encodedBody(page, 'br', 'stored') !== quick).toBe(true);
    const thorough = encodedBody(page, 'br', 'stored');
    expect(Buffer.isBuffer(thorough)).toBe(true);
    expect(brotliDecompressSync(thorough as Buffer).toString('utf8')).toBe(page.body);
    expect((thorough as Buffer).length).toBeLessThanOrEqual(quick.length);
  });
});

describe('EIP-3091 /block/<hash> answered from stored block pages', () => {
  test('a stored block page teaches which chain the hash is on; other keys teach nothing', () => {
    expect(knownBlockRedirect(`/block/${HASH}`)).toBeUndefined();
    learnFromStoredKey(`/tx/${HASH}`);
    learnFromStoredKey(`/chain/nowhere/block/${HASH}`);
    expect(knownBlockRedirect(`/block/${HASH}`)).toBeUndefined();
    learnFromStoredKey(`/chain/cyprus1/block/${HASH}?tab=raw`);
    expect(knownBlockRedirect(`/block/${HASH}`)).toBe(`/chain/cyprus1/block/${HASH}`);
    expect(knownBlockRedirect(`/block/${HASH.toUpperCase().replace('0X', '0x')}`)).toBe(`/chain/cyprus1/block/${HASH}`);
    expect(knownBlockRedirect('/block/12')).toBeUndefined();
    expect(knownBlockRedirect(`/block/${HASH}/extra`)).toBeUndefined();
  });
});
