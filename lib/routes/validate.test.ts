import { describe, expect, test } from 'vitest';
import { validatePath } from './validate';

const HASH = `0x${'0a'.repeat(32)}`;
const ADDRESS = `0x${'1b'.repeat(20)}`;

describe('validatePath', () => {
  test('well-formed entity paths pass', () => {
    for (const path of [
      '/', '/network', '/search', `/tx/${HASH}`, `/address/${ADDRESS}`, '/block/12', `/block/${HASH}`,
      '/chain/cyprus1', '/chain/prime/block/0', `/chain/paxos/block/${HASH}`, '/chain/cyprus1/block/latest',
      '/chain/hydra3/block/5/tx/0', '/chain/cyprus1/block/5/uncle/1', '/txpool/paxos2', '/fees/prime', '/chain/cyprus1/block/0x1f',
    ]) {
      expect(validatePath(path), path).toBeUndefined();
    }
  });

  test('malformed transaction hashes say why', () => {
    expect(validatePath('/tx/0x1234')?.reason).toMatch(/not a transaction hash.*4 hex digits/);
    expect(validatePath(`/tx/0x${'zz'.repeat(32)}`)?.reason).toMatch(/not hex digits/);
  });

  test('malformed addresses, block ids, indexes', () => {
    expect(validatePath('/address/0xabc')?.reason).toMatch(/not an address/);
    expect(validatePath('/token/0xabc')?.reason).toMatch(/not an address: .* it has 3 hex digits/);
    expect(validatePath(`/token/${ADDRESS}`)).toBeUndefined();
    expect(validatePath('/block/hello')?.reason).toMatch(/not a block number or a block hash/);
    expect(validatePath(`/chain/cyprus1/block/0x${'a'.repeat(63)}`)?.reason).toMatch(/63 hex digits/);
    expect(validatePath('/chain/cyprus1/block/5/tx/abc')?.reason).toMatch(/not a transaction index/);
    expect(validatePath('/chain/cyprus1/block/5/uncle/-1')?.reason).toMatch(/not an uncle index/);
  });

  test('unknown chains and non-zone txpools', () => {
    expect(validatePath('/chain/atlantis')?.reason).toMatch(/no chain called “atlantis”/);
    expect(validatePath('/chain/atlantis/block/1')?.reason).toMatch(/atlantis/);
    expect(validatePath('/txpool/prime')?.reason).toMatch(/not a zone/);
    expect(validatePath('/fees/nowhere')?.reason).toMatch(/no chain called/);
  });

  test('a segment a route names statically is not another route\'s parameter', () => {
    expect(validatePath('/block/countdown/123456')).toBeUndefined();
    expect(validatePath('/block/countdown/0x10')?.reason).toMatch(/not a block number: the countdown takes a block number in decimal digits/);
    expect(validatePath('/block/countdowns')?.reason).toMatch(/not a block number or a block hash/);
  });

  test('percent-encoded segments are decoded before checking', () => {
    expect(validatePath('/chain/%63yprus1')).toBeUndefined();
  });
});
