import { describe, expect, it } from 'vitest';
import { stringToHex, toRlp } from 'viem';
import { decodeExtraData } from './extra-data';

describe('decodeExtraData', () => {
  it('reads go-quai\'s list [version, client, go version, OS]', () => {
    const hex = toRlp(['v0.11.0', 'go-quai', 'go1.20.6', 'linux'].map((s) => stringToHex(s)));
    expect(decodeExtraData(hex)).toEqual({ version: 'v0.11.0', client: 'go-quai', goVersion: 'go1.20.6', os: 'linux' });
  });

  it('reads geth\'s packed version number (major<<16 | minor<<8 | patch)', () => {
    // The RPC fixtures' extraData: [0x010000, "guqq", "go1.20.3", "linux"].
    expect(decodeExtraData('0xd883010000846775717188676f312e32302e33856c696e7578')).toEqual({
      version: 'v1.0.0',
      client: 'guqq',
      goVersion: 'go1.20.3',
      os: 'linux',
    });
  });

  it('claims nothing for text, arbitrary bytes, short lists or empty data', () => {
    expect(decodeExtraData(stringToHex('hello miners'))).toBeUndefined();
    expect(decodeExtraData('0x')).toBeUndefined();
    expect(decodeExtraData(`0x${'ab'.repeat(32)}`)).toBeUndefined();
    expect(decodeExtraData(toRlp(['v0.11.0', 'go-quai'].map((s) => stringToHex(s))))).toBeUndefined();
    expect(decodeExtraData(toRlp(['v0.11.0', 'go-quai', 'rust', 'linux'].map((s) => stringToHex(s))))).toBeUndefined();
    expect(decodeExtraData(toRlp(['v0.11.0', '0x00ff', 'go1.20.6', 'linux'].map((s, i) => (i === 1 ? (s as `0x${string}`) : stringToHex(s)))))).toBeUndefined();
  });
});
