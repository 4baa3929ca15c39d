import { describe, expect, test } from 'vitest';
import { RLP } from '@ethereumjs/rlp';
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex, hexToBytes, keccak256, type Hex } from 'viem';
import {
  blockHash, decodeBlockRlp, decodeHeaderRlp, encodeBlockRlp, encodeHeaderRlp, hashWithNonce, sealHash,
  type HeaderFields,
} from './header';
import { sampleHeader } from './header.fixture';

// Independent encoding with @ethereumjs/rlp (a different RLP implementation from viem's).
const b = (x: Hex) => hexToBytes(x);
const n = (x: bigint) => (x === 0n ? new Uint8Array() : hexToBytes(`0x${x.toString(16).padStart(Math.ceil(x.toString(16).length / 2) * 2, '0')}`));

function sealItemsByHand(x: HeaderFields) {
  // Order from the protocol notes: no parentEntropy/parentDeltaS/mixHash, difficulty after baseFee, zero nonce last.
  return [
    x.parentHash.map(b), b(x.sha3Uncles), b(x.miner), b(x.stateRoot), b(x.transactionsRoot),
    b(x.extTransactionsRoot), b(x.extRollupRoot), x.manifestHash.map(b), b(x.receiptsRoot),
    x.number.map(n), n(x.gasLimit), n(x.gasUsed), n(x.baseFeePerGas), n(x.difficulty),
    b(x.location), n(x.timestamp), b(x.extraData), new Uint8Array(8),
  ];
}

describe('header RLP', () => {
  test('field order matches the protocol notes (decoded by an independent RLP library)', () => {
    const x = sampleHeader();
    const decoded = RLP.decode(b(encodeHeaderRlp(x))) as unknown as (Uint8Array | Uint8Array[])[];
    expect(decoded).toHaveLength(21);
    const hex = (i: number) => bytesToHex(decoded[i] as Uint8Array);
    expect((decoded[0] as Uint8Array[]).map((v) => bytesToHex(v))).toEqual([...x.parentHash]);
    expect(hex(1)).toBe(x.sha3Uncles);
    expect(hex(2)).toBe(x.miner);
    expect(hex(5)).toBe(x.extTransactionsRoot);
    expect(hex(6)).toBe(x.extRollupRoot);
    expect(BigInt(hex(9))).toBe(1000n); // difficulty between receiptHash and parentEntropy
    expect((decoded[10] as Uint8Array[]).map((v) => v.length)).toEqual([0, 1, 9]); // 0 is the empty string, 2^70 is 9 bytes
    expect((decoded[12] as Uint8Array[]).map((v) => bytesToHex(v))).toEqual(['0x01', '0x02', '0x03']);
    expect(BigInt(hex(15))).toBe(1_000_000_000n);
    expect(hex(16)).toBe('0x0000'); // location as a plain 2-byte string
    expect(hex(18)).toBe('0xdeadbeef');
    expect(hex(20)).toBe('0x0000000000000000');
  });

  test('round trips, including prime location, zeros and large numbers', () => {
    const variants: HeaderFields[] = [
      sampleHeader(),
      sampleHeader({ location: '0x', extraData: '0x', number: [0n, 0n, 0n], difficulty: 2n ** 200n, gasUsed: 0n }),
      sampleHeader({ location: '0x02', nonce: '0xffffffffffffffff', timestamp: 0n }),
    ];
    for (const v of variants) {
      const rlp = encodeHeaderRlp(v);
      expect(decodeHeaderRlp(rlp)).toEqual(v);
      expect(decodeHeaderRlp(rlp.slice(2))).toEqual(v); // without 0x
    }
  });

  test('prime location encodes as the empty string 0x80', () => {
    const rlp = encodeHeaderRlp(sampleHeader({ location: '0x' }));
    const items = RLP.decode(b(rlp)) as unknown as Uint8Array[];
    expect(items[16]).toEqual(new Uint8Array());
  });

  test('decoding errors name the field', () => {
    const good = RLP.decode(b(encodeHeaderRlp(sampleHeader()))) as unknown as (Uint8Array | Uint8Array[])[];
    const badNonce = [...good.slice(0, 20), new Uint8Array(7)];
    expect(() => decodeHeaderRlp(bytesToHex(RLP.encode(badNonce)))).toThrow(/nonce: expected 8 bytes/);
    expect(() => decodeHeaderRlp(bytesToHex(RLP.encode(good.slice(0, 20))))).toThrow(/21 items/);
    const badDifficulty = [...good.slice(0, 9), new Uint8Array([0, 1]), ...good.slice(10)];
    expect(() => decodeHeaderRlp(bytesToHex(RLP.encode(badDifficulty)))).toThrow(/difficulty: non-canonical/);
  });

  test('encoding refuses malformed fields instead of writing a different header', () => {
    expect(() => encodeHeaderRlp(sampleHeader({ nonce: '0x00' }))).toThrow(/nonce/);
    expect(() => encodeHeaderRlp(sampleHeader({ stateRoot: '0x1234' }))).toThrow(/stateRoot/);
  });
});

describe('seal hash and block hash', () => {
  test('seal hash equals blake3 of the hand-built seal encoding', () => {
    const x = sampleHeader({ nonce: '0x0102030405060708' });
    expect(sealHash(x)).toBe(bytesToHex(blake3(RLP.encode(sealItemsByHand(x)))));
  });

  test('seal hash ignores nonce, mixHash, parentEntropy and parentDeltaS, and covers everything else', () => {
    const base = sampleHeader();
    const s = sealHash(base);
    expect(sealHash(sampleHeader({ nonce: '0x1111111111111111' }))).toBe(s);
    expect(sealHash(sampleHeader({ mixHash: `0x${'ee'.repeat(32)}` }))).toBe(s);
    expect(sealHash(sampleHeader({ parentEntropy: [1n, 2n, 3n] }))).toBe(s);
    expect(sealHash(sampleHeader({ parentDeltaS: [9n, 9n, 9n] }))).toBe(s);
    const changed: Partial<HeaderFields>[] = [
      { difficulty: 1001n }, { number: [1n, 2n, 4n] }, { location: '0x0001' }, { extraData: '0x' },
      { timestamp: 1n }, { miner: `0x${'22'.repeat(20)}` }, { manifestHash: [`0x${'00'.repeat(32)}`, base.manifestHash[1], base.manifestHash[2]] },
      { baseFeePerGas: 7n }, { gasLimit: 1n }, { gasUsed: 1n }, { receiptsRoot: `0x${'00'.repeat(32)}` },
    ];
    for (const c of changed) expect(sealHash(sampleHeader(c)), JSON.stringify(Object.keys(c))).not.toBe(s);
  });

  test('block hash is blake3(nonce ‖ sealHash)', () => {
    const x = sampleHeader({ nonce: '0x00000000deadbeef' });
    const seal = hexToBytes(sealHash(x));
    const expected = bytesToHex(blake3(new Uint8Array([...hexToBytes(x.nonce), ...seal])));
    expect(blockHash(x)).toBe(expected);
    expect(hashWithNonce(sealHash(x), x.nonce)).toBe(expected);
    expect(blockHash(sampleHeader({ nonce: '0x00000000deadbeee' }))).not.toBe(expected);
  });
});

describe('block RLP', () => {
  const tx1: Hex = '0x00f86c82232824843b9aca00847735940482a41094111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba74f80c080a01c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9a01f9e48da332873ea7514b5ffa17febd543a7a9d0ef20651a4b14a394c0333837';

  test('round trips [header, txs, uncles, etxs, subManifest]; hex without 0x accepted', () => {
    const block = {
      header: sampleHeader({ location: '0x01' }),
      transactions: [tx1],
      uncles: [sampleHeader({ number: [1n, 2n, 2n] })],
      extTransactions: ['0x01c0' as Hex],
      subManifest: [`0x${'aa'.repeat(32)}` as Hex, `0x${'bb'.repeat(32)}` as Hex],
    };
    const rlp = encodeBlockRlp(block);
    expect(decodeBlockRlp(rlp)).toEqual(block);
    expect(decodeBlockRlp(rlp.slice(2).toUpperCase())).toEqual(block);
    // Transactions sit in the block as byte strings (typed envelope), not as nested lists.
    const top = RLP.decode(b(rlp)) as unknown as Uint8Array[][];
    expect(bytesToHex(top[1]![0]!)).toBe(tx1);
  });

  test('empty block and malformed input', () => {
    const block = { header: sampleHeader(), transactions: [], uncles: [], extTransactions: [], subManifest: [] };
    expect(decodeBlockRlp(encodeBlockRlp(block))).toEqual(block);
    expect(() => decodeBlockRlp('0xc0')).toThrow(/5 items/);
    expect(() => decodeBlockRlp('0xzz')).toThrow();
  });
});

describe('calcUncleHash', () => {
  test('empty list gives the Ethereum empty uncle hash; otherwise keccak256 of the list of header RLPs', async () => {
    const { calcUncleHash } = await import('./header');
    expect(calcUncleHash([])).toBe('0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347');
    const uncle = sampleHeader({ number: [1n, 2n, 2n] });
    const byHand = keccak256(RLP.encode([RLP.decode(b(encodeHeaderRlp(uncle)))]));
    expect(calcUncleHash([uncle])).toBe(byHand);
  });
});
