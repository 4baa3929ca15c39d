import { describe, expect, it } from 'vitest';
import { ZERO_HASH, blockHash } from '@/lib/protocol/header';
import { parseHeader, parseUncle } from './parse/header';
import { toHeaderFields } from './header-fields';
import { h, uncleJson, zoneHeaderJson } from './parse/fixtures';

describe('toHeaderFields', () => {
  it('carries every parsed field over and fills a missing mixHash with zeros', () => {
    const header = parseHeader(zoneHeaderJson());
    const fields = toHeaderFields(header);
    expect(fields.parentHash).toEqual([h('b0'), h('b1'), h('b2')]);
    expect(fields.number).toEqual([3n, 7n, 42n]);
    expect(fields.mixHash).toBe(ZERO_HASH);
    expect(fields.nonce).toBe('0x000000000000d1f3');
  });

  it("fills an uncle's null hash arrays with zero hashes", () => {
    const fields = toHeaderFields(parseUncle({ ...uncleJson(), manifestHash: [h('a0'), null, h('a2')] }));
    expect(fields.parentHash).toEqual([ZERO_HASH, ZERO_HASH, ZERO_HASH]);
    expect(fields.manifestHash).toEqual([h('a0'), ZERO_HASH, h('a2')]);
  });

  it('mixHash does not change the block hash (it is outside the seal), so the zero fill is safe', () => {
    const fields = toHeaderFields(parseHeader(zoneHeaderJson()));
    expect(blockHash({ ...fields, mixHash: h('77') })).toBe(blockHash(fields));
  });
});
