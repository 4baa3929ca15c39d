import { describe, expect, it } from 'vitest';
import { parseBlock } from './block';
import { parseHeader, parseUncle } from './header';
import {
  EMPTY_UNCLE_HASH,
  a,
  h,
  pendingBlockJson,
  regionBlockJson,
  uncleJson,
  zoneBlockJson,
  zoneHeaderJson, fieldError } from './fixtures';


describe('parseHeader', () => {
  it('reads every field into domain values', () => {
    const header = parseHeader(zoneHeaderJson());
    expect(header.number).toEqual([3n, 7n, 42n]);
    expect(header.parentHash).toEqual([h('b0'), h('b1'), h('b2')]);
    expect(header.manifestHash[2]).toBe(h('a2'));
    expect(header.parentEntropy[0]).toBe(5_000_000_000_000_000_000n); // 0x4563918244f40000
    expect(header.parentDeltaS).toEqual([0n, 2_000_000_000_000_000_000n, 8_000_000_000_000_000_000n]);
    expect(header.difficulty).toBe(10_000_000_000n);
    expect(header.baseFeePerGas).toBe(1_000_000_000n); // 1 gwei floor
    expect(header.gasLimit).toBe(20_000_000n);
    expect(header.timestamp).toBe(1_700_000_000n);
    expect(header.location).toBe('0x0000');
    expect(header.sha3Uncles).toBe(EMPTY_UNCLE_HASH);
    expect(header.nonce).toBe('0x000000000000d1f3');
    expect(header.size).toBe(1234n);
    expect(header.mixHash).toBeUndefined();
  });

  it('lower-cases hashes and addresses', () => {
    const header = parseHeader({ ...zoneHeaderJson(), miner: `0x${'AB'.repeat(20)}`, stateRoot: `0x${'CD'.repeat(32)}` });
    expect(header.miner).toBe(a('ab'));
    expect(header.stateRoot).toBe(h('cd'));
  });

  it.each([
    ['parentHash', [h('b0'), '0x12', h('b2')], 'header.parentHash[1]: expected 32-byte hash, got "0x12"'],
    ['parentHash', [h('b0'), h('b1')], 'header.parentHash: expected an array of 3 entries'],
    ['number', ['0x3', '0x07', '0x2a'], 'header.number[1]: expected a hex quantity'],
    ['number', '0x2a', 'header.number: expected an array of 3 entries'],
    ['miner', '0x1234', 'header.miner: expected 20-byte address, got "0x1234"'],
    ['nonce', '0x00d1f3', 'header.nonce: expected 8-byte data'],
    ['difficulty', 12, 'header.difficulty: expected a hex quantity'],
    ['gasUsed', undefined, 'header.gasUsed: expected a hex quantity (0x-prefixed, no leading zeros), got nothing (field missing)'],
    ['extraData', '0xabc', 'header.extraData: expected hex data'],
    ['hash', null, 'header.hash: expected 32-byte hash, got null'],
    ['stateRoot', h('zz'), 'header.stateRoot: expected 32-byte hash'],
  ])('rejects a bad %s, naming the field path', (key, value, message) => {
    const json = { ...zoneHeaderJson(), [key]: value };
    if (value === undefined) delete json[key];
    const error = fieldError(() => parseHeader(json));
    expect(error.message.startsWith(message)).toBe(true);
  });

  it('rejects a non-object', () => {
    expect(fieldError(() => parseHeader(null)).message).toBe('header: expected an object, got null');
  });
});

describe('parseBlock', () => {
  it('zone block with hashes: order is a JSON integer, transactions are hashes', () => {
    const block = parseBlock(zoneBlockJson(false), 'block', { detail: 'hashes' });
    expect(block.order).toBe(2);
    expect(block.totalEntropy).toBe(0x14d1120d7b1600000n);
    expect(block.size).toBe(1234n);
    expect(block.transactions).toEqual([
      '0x4aa61963b3a153c4fc9072940c5778064ab2d002005fa471bd9d6c73fc05aef5',
      h('71'),
      h('72'),
    ]);
    expect(block.subManifest).toEqual([]);
  });

  it('zone block with full transactions of types 0, 1 and 2', () => {
    const block = parseBlock(zoneBlockJson(true), 'block', { detail: 'full' });
    expect(block.transactions.map((t) => t.type)).toEqual([0, 1, 2]);
    const [t0, t1, t2] = block.transactions;
    expect(t0?.type === 0 && t0.nonce).toBe(36n);
    expect(t1?.type === 1 && t1.sender).toBe(a('95'));
    expect(t2?.type === 2 && t2.etxGasLimit).toBe(21_000n);
  });

  it('rejects hashes where full objects were asked for, and objects where hashes were', () => {
    expect(fieldError(() => parseBlock(zoneBlockJson(false), 'block', { detail: 'full' })).path).toBe(
      'block.transactions[0]',
    );
    expect(fieldError(() => parseBlock(zoneBlockJson(true), 'block', { detail: 'hashes' })).message).toMatch(
      /^block\.transactions\[0\]: expected 32-byte hash, got \{/,
    );
  });

  it('region block with a subManifest and no transactions', () => {
    const block = parseBlock(regionBlockJson(), 'block', { detail: 'hashes' });
    expect(block.order).toBe(1);
    expect(block.location).toBe('0x00');
    expect(block.subManifest).toEqual([h('5a'), h('5b'), h('5c')]);
    expect(block.transactions).toEqual([]);
  });

  it('order: accepts 0, 1, 2 (integer or hex), rejects others', () => {
    expect(parseBlock({ ...regionBlockJson(), order: 0 }, 'b', { detail: 'hashes' }).order).toBe(0);
    expect(parseBlock({ ...regionBlockJson(), order: '0x1' }, 'b', { detail: 'hashes' }).order).toBe(1);
    for (const bad of [3, -1, 1.5, '1', null]) {
      expect(fieldError(() => parseBlock({ ...regionBlockJson(), order: bad }, 'b', { detail: 'hashes' })).path).toBe('b.order');
    }
  });

  it('pending block: null hash, nonce and miner are accepted only when pending', () => {
    const block = parseBlock(pendingBlockJson(), 'block', { detail: 'hashes', pending: true });
    expect(block.hash).toBeNull();
    expect(block.nonce).toBeNull();
    expect(block.miner).toBeNull();
    expect(fieldError(() => parseBlock(pendingBlockJson(), 'block', { detail: 'hashes' })).path).toBe('block.hash');
  });

  it('block with an uncle whose hash arrays are null', () => {
    const block = parseBlock({ ...zoneBlockJson(false), uncles: [uncleJson()] }, 'block', { detail: 'hashes' });
    expect(block.uncles).toHaveLength(1);
    expect(block.uncles[0]?.parentHash).toBeNull();
    expect(block.uncles[0]?.manifestHash).toBeNull();
    expect(block.uncles[0]?.number).toEqual([3n, 7n, 42n]);
  });

  it('names the path of a bad field inside an uncle', () => {
    const uncle = { ...uncleJson(), parentHash: [null, null, '0x1'] };
    expect(fieldError(() => parseBlock({ ...zoneBlockJson(false), uncles: [uncle] }, 'block', { detail: 'hashes' })).message).toBe(
      'block.uncles[0].parentHash[2]: expected 32-byte hash, got "0x1"',
    );
  });

  it.each(['totalEntropy', 'size', 'uncles', 'subManifest', 'extTransactions'])('rejects a block without %s', (key) => {
    const json = zoneBlockJson(false);
    delete json[key];
    expect(fieldError(() => parseBlock(json, 'block', { detail: 'hashes' })).path).toBe(`block.${key}`);
  });
});

describe('parseUncle', () => {
  it('accepts per-entry nulls and block-shaped uncles (getUncleBy*)', () => {
    const uncle = parseUncle({ ...uncleJson(), parentHash: [h('b0'), null, h('b2')], order: 2, totalEntropy: '0x10' });
    expect(uncle.parentHash).toEqual([h('b0'), null, h('b2')]);
    expect(uncle.order).toBe(2);
    expect(uncle.totalEntropy).toBe(16n);
  });

  it('still requires a hash, nonce and miner', () => {
    expect(fieldError(() => parseUncle({ ...uncleJson(), hash: null })).path).toBe('uncle.hash');
    expect(fieldError(() => parseUncle({ ...uncleJson(), nonce: null })).path).toBe('uncle.nonce');
  });
});
