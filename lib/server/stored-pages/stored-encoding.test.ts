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

  test('each encoding is made once per stored page and decodes to the page', () => {
    const page: StoredPage = { body: `<!DOCTYPE html><p>${'Cyprus 1 · block '.repeat(2000)}é</p>`, csp: '', etag: '"e"', storedAt: 0 };
    const gz = encodedBody(page, 'gzip');
    const br = encodedBody(page, 'br');
    expect(gunzipSync(gz).toString('utf8')).toBe(page.body);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(page.body);
    expect(gz.length).toBeLessThan(page.body.length / 10);
    expect(encodedBody(page, 'gzip')).toBe(gz); // the same buffer: not compressed again
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
