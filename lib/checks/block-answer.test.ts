import { describe, expect, it } from 'vitest';
import { getChain } from '@/lib/protocol/chains';
import { sampleHeader } from '@/lib/protocol/header.fixture';
import { mineNonce } from '@/lib/protocol/pow';
import { parseBlock } from '@/lib/rpc/parse/block';
import { h, regionBlockJson, uncleJson, zoneBlockJson } from '@/lib/rpc/parse/fixtures';
import { parseUncle } from '@/lib/rpc/parse/header';
import type { Block } from '@/lib/rpc/domain';
import type { BlockRef } from '@/lib/routes/params/block-id';
import { checkBlockAnswer, checkHeaderAnswer, checkUncleAnswer, locationBelongs } from './block-answer';

const cyprus1 = getChain('cyprus1');
const block = parseBlock(zoneBlockJson(true), 'block', { detail: 'full' }); // cyprus1, number [3, 7, 42], 3 transactions
const failedFields = (b: Block<'full'>, ref: BlockRef, count: bigint | null) => checkBlockAnswer(cyprus1, ref, b, count).failed.map((c) => c.field);

describe('checkBlockAnswer', () => {
  it('passes an honest answer by height and by hash', () => {
    expect(failedFields(block, { kind: 'number', number: 42n }, 3n)).toEqual([]);
    expect(failedFields(block, { kind: 'hash', hash: block.hash }, 3n)).toEqual([]);
  });

  it('names the height when the node answers with another block', () => {
    const report = checkBlockAnswer(cyprus1, { kind: 'number', number: 41n }, block, 3n);
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]).toMatchObject({ field: 'number[2]', expected: '41', got: '42', ok: false });
    expect(report.failed[0]?.note).toContain('block 42');
  });

  it('compares the height at the chain\'s own level (a region block by its region number)', () => {
    const region = parseBlock(regionBlockJson(), 'block', { detail: 'full' });
    expect(checkBlockAnswer(getChain('cyprus'), { kind: 'number', number: 7n }, region, 0n).failed).toEqual([]);
    expect(checkBlockAnswer(getChain('cyprus'), { kind: 'number', number: 42n }, region, 0n).failed.map((c) => c.field)).toEqual(['number[1]']);
  });

  it('names the hash when asked for one hash and answered with another block', () => {
    const asked = h('ab');
    const report = checkBlockAnswer(cyprus1, { kind: 'hash', hash: asked }, block, 3n);
    expect(report.failed.map((c) => c.field)).toEqual(['hash']);
    expect(report.failed[0]).toMatchObject({ expected: asked, got: block.hash });
  });

  it('rejects a location that is not under the chain asked', () => {
    const elsewhere = { ...block, location: '0x0102' as const };
    expect(failedFields(elsewhere, { kind: 'number', number: 42n }, 3n)).toEqual(['location']);
    expect(locationBelongs('0x0000', getChain('prime'))).toBe(true);
    expect(locationBelongs('0x0000', getChain('cyprus'))).toBe(true);
    expect(locationBelongs('0x0001', cyprus1)).toBe(false);
    expect(locationBelongs('0x', cyprus1)).toBe(true); // genesis-style short location
  });

  it('rejects a coincidence claim the order does not allow (a zone block served as a region block)', () => {
    const zoneOnly = parseBlock({ ...regionBlockJson(), order: 2 }, 'block', { detail: 'full' });
    const report = checkBlockAnswer(getChain('cyprus'), { kind: 'number', number: 7n }, zoneOnly, 0n);
    expect(report.failed.map((c) => c.field)).toEqual(['order']);
    expect(report.failed[0]?.note).toContain('not coincident in Cyprus');
  });

  it('flags a transaction count that disagrees with the body, and accepts a missing count', () => {
    const report = checkBlockAnswer(cyprus1, { kind: 'number', number: 42n }, block, 342n);
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]).toMatchObject({ field: 'transaction count', got: '342' });
    expect(report.failed[0]?.expected).toContain('3');
    expect(failedFields(block, { kind: 'number', number: 42n }, null)).toEqual([]);
  });

  it('flags a body whose transactions name another block or position', () => {
    const [first, ...rest] = block.transactions;
    const moved = { ...block, transactions: [{ ...first!, blockHash: h('99') }, ...rest] };
    expect(failedFields(moved, { kind: 'number', number: 42n }, 3n)).toEqual(['transactions']);
  });
});

describe('the hash recomputed from the header', () => {
  const mined = mineNonce(sampleHeader({ difficulty: 64n, location: '0x0000' }), { maxIterations: 100_000 });
  if (!mined) throw new Error('fixture: no nonce found');
  const header = { ...mined.header, hash: mined.hash };

  it('confirms the hash asked when the fields hash to it', () => {
    const checks = checkHeaderAnswer(cyprus1, { kind: 'hash', hash: mined.hash }, header);
    expect(checks.find((c) => c.field === 'hash (recomputed from the header)')).toMatchObject({ ok: true });
  });

  it('catches another sealed block labelled with the hash asked', () => {
    const asked = h('ab');
    const checks = checkHeaderAnswer(cyprus1, { kind: 'hash', hash: asked }, { ...header, hash: asked });
    const recomputed = checks.find((c) => c.field === 'hash (recomputed from the header)');
    expect(recomputed).toMatchObject({ ok: false, expected: asked, got: mined.hash });
  });

  it('claims nothing when the fields do not form a sealed header (another header layout)', () => {
    const asked = h('ab');
    const checks = checkHeaderAnswer(cyprus1, { kind: 'hash', hash: asked }, { ...header, hash: asked, difficulty: 2n ** 200n });
    expect(checks.map((c) => c.field)).toEqual(['hash', 'location']);
  });
});

describe('checkUncleAnswer', () => {
  const uncle = parseUncle(uncleJson());
  const including = { uncles: [uncle] };

  it('passes the uncle the including block lists at that index', () => {
    expect(checkUncleAnswer(cyprus1, including, 0, uncle).filter((c) => !c.ok)).toEqual([]);
  });

  it('flags another header at that index, or one from another chain', () => {
    const other = { ...uncle, hash: h('42'), location: '0x0201' as const };
    const failed = checkUncleAnswer(cyprus1, including, 0, other).filter((c) => !c.ok);
    expect(failed.map((c) => c.field)).toEqual(['uncle hash', 'uncle location']);
    expect(failed[0]?.note).toContain(`lists ${uncle.hash} at index 0`);
  });
});
