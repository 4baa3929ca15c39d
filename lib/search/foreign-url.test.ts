import { describe, expect, it } from 'vitest';
import { parseForeignUrl } from './foreign-url';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x1A2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';

describe('another explorer’s link', () => {
  it('Etherscan’s and Quaiscan’s paths, with or without the scheme, their queries and fragments ignored', () => {
    expect(parseForeignUrl(`https://etherscan.io/tx/${HASH.toUpperCase().replace('0X', '0x')}`)?.target).toEqual({ kind: 'transaction', hash: HASH });
    expect(parseForeignUrl(`https://etherscan.io/address/${ADDRESS}#tokentxns`)?.target).toEqual({ kind: 'address', address: ADDRESS });
    expect(parseForeignUrl('https://etherscan.io/block/17000000')?.target).toEqual({ kind: 'block', id: '17000000' });
    expect(parseForeignUrl(`https://etherscan.io/token/${ADDRESS}?a=0x00000000000000000000000000000000000000aa`)?.target).toEqual({ kind: 'token', address: ADDRESS });
    expect(parseForeignUrl(`quaiscan.io/tx/${HASH}`)).toEqual({ host: 'quaiscan.io', target: { kind: 'transaction', hash: HASH } });
    expect(parseForeignUrl(`https://quaiscan.io/block/${HASH}`)?.target).toEqual({ kind: 'block', id: HASH });
  });

  it('a language or network segment first; another Strata’s chain block', () => {
    expect(parseForeignUrl(`https://explorer.example/en/tx/${HASH}`)?.target).toEqual({ kind: 'transaction', hash: HASH });
    expect(parseForeignUrl('https://strata.example/chain/paxos2/block/42')?.target).toEqual({ kind: 'block', id: '42', chain: 'paxos2' });
  });

  it('not an entity: undefined', () => {
    expect(parseForeignUrl('https://etherscan.io/gastracker')).toBeUndefined();
    expect(parseForeignUrl('https://etherscan.io/tx/0x1234')).toBeUndefined();
    expect(parseForeignUrl('DevToken')).toBeUndefined();
    expect(parseForeignUrl(HASH)).toBeUndefined();
    expect(parseForeignUrl('https://etherscan.io/tx/%E0%A4%A')).toBeUndefined();
  });
});
