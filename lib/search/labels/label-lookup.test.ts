import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH } from '@/lib/http/url-guard';
import { labelLookupRequest, MAX_LOOKUP, parseLookupAddresses, parseLookupBody, readLabelLookup } from './label-lookup';

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

  it('reads a POST body of MAX_LOOKUP addresses, as the client sends them', () => {
    const addresses = Array.from({ length: MAX_LOOKUP }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
    const init = labelLookupRequest(addresses);
    expect(init.method).toBe('POST');
    // The same addresses in a query would not fit the URL guard's limit (lib/http/url-guard.ts).
    expect(`?addresses=${addresses.join(',')}`.length).toBeGreaterThan(MAX_QUERY_LENGTH);
    expect(parseLookupBody(JSON.parse(String(init.body)))).toEqual({ ok: true, addresses });
    expect(parseLookupBody({ addresses: [...addresses, A] })).toMatchObject({ ok: false, error: expect.stringContaining(`at most ${MAX_LOOKUP}`) });
    expect(parseLookupBody({ addresses: 'nope' })).toMatchObject({ ok: false });
    expect(parseLookupBody(null)).toMatchObject({ ok: false });
  });

  it('the client keeps well-formed entries of the answer only', () => {
    expect(readLabelLookup({ labels: { [A]: 'Treasury', '0x12': 'short', [`0x${'11'.repeat(20)}`]: 7 } })).toEqual({ [A.toLowerCase()]: 'Treasury' });
    expect(readLabelLookup('nope')).toEqual({});
  });
});
