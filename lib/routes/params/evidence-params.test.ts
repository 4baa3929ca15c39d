import { describe, expect, it } from 'vitest';
import { evidenceQuery, parseEvidenceQuery } from './evidence-params';

const HASH = `0x${'ab'.repeat(32)}`;
const parse = (query: string) => parseEvidenceQuery(new URLSearchParams(query));

describe('parseEvidenceQuery', () => {
  it('reads a checkpoint, an as-of block and slots as the address page writes them', () => {
    expect(parse(`checkpoint=${HASH.toUpperCase().replace('0X', '0x')}&block=120&slot=0&slot=0x5&slot=0`)).toEqual({
      ok: true,
      value: { checkpoint: HASH, block: 120n, slots: [`0x${'00'.repeat(32)}`, `0x${'00'.repeat(31)}05`] },
    });
    expect(parse('')).toEqual({ ok: true, value: { block: 'latest', slots: [] } });
  });

  it('says what is wrong: a checkpoint that is not a hash, a bad block or slot, too many slots', () => {
    expect(parse('checkpoint=0x12')).toEqual({ ok: false, error: 'checkpoint: “0x12” is not a header hash (0x and 64 hex digits).' });
    expect(parse('block=soon')).toMatchObject({ ok: false, error: expect.stringMatching(/^block: “soon” is not a block/) });
    expect(parse('slot=zz')).toMatchObject({ ok: false, error: expect.stringMatching(/^slot: “zz” is not a storage slot/) });
    expect(parse(Array.from({ length: 17 }, (_, i) => `slot=${i}`).join('&'))).toEqual({ ok: false, error: 'slot: at most 16 slots, got 17.' });
  });

  it('writes the query back in the form it reads', () => {
    const query = evidenceQuery({ block: 7n, slots: [`0x${'00'.repeat(32)}`], checkpoint: HASH as `0x${string}` });
    expect(parse(query.slice(1))).toEqual({ ok: true, value: { block: 7n, slots: [`0x${'00'.repeat(32)}`], checkpoint: HASH } });
    expect(evidenceQuery({ block: 'latest' })).toBe('');
  });
});
