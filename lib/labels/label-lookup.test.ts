import { describe, expect, it } from 'vitest';
import { MAX_LOOKUP, parseLookupAddresses, readLabelLookup } from './label-lookup';

const A = `0x${'Ab'.repeat(20)}`;

describe('/api/labels (the operator’s labels a live list asks for)', () => {
  it('reads comma-separated addresses, lower case and once each', () => {
    expect(parseLookupAddresses(`${A}, ${A.toLowerCase()},0x${'11'.repeat(20)}`)).toEqual({ ok: true, addresses: [A.toLowerCase(), `0x${'11'.repeat(20)}`] });
  });

  it('says why it cannot read them', () => {
    expect(parseLookupAddresses(null)).toMatchObject({ ok: false });
    expect(parseLookupAddresses('0x12')).toEqual({ ok: false, error: 'addresses: “0x12” is not an address (0x and 40 hex digits)' });
    const many = Array.from({ length: MAX_LOOKUP + 1 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`).join(',');
    expect(parseLookupAddresses(many)).toEqual({ ok: false, error: `addresses: at most ${MAX_LOOKUP} per request (got ${MAX_LOOKUP + 1})` });
  });

  it('the client keeps well-formed entries of the answer only', () => {
    expect(readLabelLookup({ labels: { [A]: 'Treasury', '0x12': 'short', [`0x${'11'.repeat(20)}`]: 7 } })).toEqual({ [A.toLowerCase()]: 'Treasury' });
    expect(readLabelLookup('nope')).toEqual({});
  });
});
