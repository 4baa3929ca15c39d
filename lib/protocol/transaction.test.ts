import { describe, expect, test } from 'vitest';
import { RLP } from '@ethereumjs/rlp';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, getAddress, hexToBytes, keccak256, type Hex } from 'viem';
import {
  decodeTransaction, encodeTransaction, intrinsicGas, recoverSender, signingHash, signTransaction, transactionHash,
  type ExternalTransaction, type InternalToExternalTransaction, type InternalTransaction,
} from './transaction';

// From the protocol notes (the network's public docs).
const VECTOR: Hex = '0x00f86c82232824843b9aca00847735940482a41094111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba74f80c080a01c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9a01f9e48da332873ea7514b5ffa17febd543a7a9d0ef20651a4b14a394c0333837';

// Hardhat's well-known first dev key; any key would do.
const KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const account = privateKeyToAccount(KEY);

describe('the notes\' test vector', () => {
  test('decodes to the listed fields', () => {
    const tx = decodeTransaction(VECTOR);
    expect(tx).toEqual({
      type: 0, chainId: 9000n, nonce: 36n, gasTipCap: 1_000_000_000n, gasFeeCap: 2_000_000_004n, gas: 42_000n,
      to: '0x111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba7', value: 79n, data: '0x', accessList: [], v: 0n,
      r: 0x1c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9n,
      s: 0x1f9e48da332873ea7514b5ffa17febd543a7a9d0ef20651a4b14a394c0333837n,
    });
  });
  test('hash and sender', async () => {
    expect(transactionHash(VECTOR)).toBe('0x4aa61963b3a153c4fc9072940c5778064ab2d002005fa471bd9d6c73fc05aef5');
    expect(await recoverSender(decodeTransaction(VECTOR))).toBe('0x186Da4CC9d99CB7A2b770b370311887c64e6AC78');
  });
  test('re-encodes to the same bytes; accepts hex without 0x and bytes', () => {
    expect(encodeTransaction(decodeTransaction(VECTOR))).toBe(VECTOR);
    expect(decodeTransaction(VECTOR.slice(2))).toEqual(decodeTransaction(VECTOR));
    expect(decodeTransaction(hexToBytes(VECTOR))).toEqual(decodeTransaction(VECTOR));
  });
  test('signing hash = keccak256(0x00 ‖ rlp(first nine fields)), built with an independent RLP library', () => {
    const fields = (RLP.decode(hexToBytes(`0x${VECTOR.slice(4)}`)) as Uint8Array[]).slice(0, 9);
    const expected = keccak256(new Uint8Array([0, ...RLP.encode(fields)]));
    expect(signingHash(decodeTransaction(VECTOR))).toBe(expected);
  });
  test('a tampered field recovers a different sender', async () => {
    const tx = decodeTransaction(VECTOR);
    if (tx.type !== 0) throw new Error('type');
    expect(await recoverSender({ ...tx, value: 80n })).not.toBe('0x186Da4CC9d99CB7A2b770b370311887c64e6AC78');
  });
});

describe('rejections', () => {
  test('legacy untyped transactions', () => {
    expect(() => decodeTransaction('0xf86c0a8502540be400825208940000000000000000000000000000000000000000808025a0')).toThrow(/Legacy untyped/);
  });
  test('unknown types, truncation, wrong field counts, bad v', () => {
    expect(() => decodeTransaction('0x03c0')).toThrow(/Unknown transaction type 0x03/);
    expect(() => decodeTransaction(VECTOR.slice(0, -4))).toThrow(/Invalid type 0/);
    expect(() => decodeTransaction('0x00c0')).toThrow(/12 items/);
    expect(() => decodeTransaction('0x')).toThrow(/Empty/);
    const withV2 = VECTOR.replace('c080a01c2a', 'c002a01c2a') as Hex;
    expect(() => decodeTransaction(withV2)).toThrow(/recovery id/);
  });
  test('encoding an unsigned internal transaction, signing hash of an ETX', () => {
    const unsigned: InternalTransaction = {
      type: 0, chainId: 1337n, nonce: 0n, gasTipCap: 0n, gasFeeCap: 0n, gas: 21000n, to: null, value: 0n, data: '0x', accessList: [],
    };
    expect(() => encodeTransaction(unsigned)).toThrow(/unsigned/);
    const etx: ExternalTransaction = { ...unsigned, type: 1, sender: account.address };
    expect(() => signingHash(etx)).toThrow(/no signature/);
  });
});

describe('round trips and signing', () => {
  const accessList = [{ address: '0x00000000000000000000000000000000000000aa' as Hex, storageKeys: [`0x${'01'.repeat(32)}` as Hex, `0x${'00'.repeat(32)}` as Hex] }];
  const type0: InternalTransaction = {
    type: 0, chainId: 1337n, nonce: 5n, gasTipCap: 2n, gasFeeCap: 1_000_000_002n, gas: 100_000n,
    to: '0x0a00000000000000000000000000000000000001', value: 10n ** 18n, data: '0x00ff00', accessList,
  };
  const creation: InternalTransaction = { ...type0, to: null, data: '0x6080604052', accessList: [] };
  const type2: InternalToExternalTransaction = {
    ...type0, type: 2, to: '0xe400000000000000000000000000000000000001',
    etxGasLimit: 21_000n, etxGasPrice: 2_000_000_000n, etxGasTip: 1n, etxData: '0x', etxAccessList: accessList,
  };
  const type1: ExternalTransaction = {
    ...type0, type: 1, accessList: [], sender: '0x0a00000000000000000000000000000000000002',
  };

  test('type 0 and 2 (and a creation) sign, decode back to the same fields and recover the signer', async () => {
    for (const tx of [type0, creation, type2]) {
      const raw = await signTransaction(tx, KEY);
      expect(raw.slice(0, 4)).toBe(`0x0${tx.type}`);
      const decoded = decodeTransaction(raw);
      const { v, r, s, ...fields } = decoded as InternalTransaction;
      expect(fields).toEqual(tx);
      expect(v === 0n || v === 1n).toBe(true);
      expect(r && s && r > 0n && s > 0n).toBe(true);
      expect(encodeTransaction(decoded)).toBe(raw);
      expect(await recoverSender(decoded)).toBe(account.address);
      expect(transactionHash(raw)).toBe(keccak256(raw));
    }
  });

  test('creation encodes `to` as the empty string', async () => {
    const raw = await signTransaction(creation, KEY);
    const items = RLP.decode(hexToBytes(`0x${raw.slice(4)}`)) as Uint8Array[];
    expect(items[5]).toEqual(new Uint8Array());
  });

  test('type 2 field order: ETX fields between accessList and v', async () => {
    const raw = await signTransaction(type2, KEY);
    const items = RLP.decode(hexToBytes(`0x${raw.slice(4)}`)) as unknown as (Uint8Array | Uint8Array[])[];
    expect(items).toHaveLength(17);
    expect(BigInt(bytesToHex(items[9] as Uint8Array))).toBe(21_000n);
    expect(BigInt(bytesToHex(items[10] as Uint8Array))).toBe(2_000_000_000n);
    expect(BigInt(bytesToHex(items[11] as Uint8Array))).toBe(1n);
    expect(items[12]).toEqual(new Uint8Array());
    expect((items[13] as unknown as unknown[]).length).toBe(1);
  });

  test('type 1 round trip; its sender is the field', async () => {
    const raw = encodeTransaction(type1);
    expect(raw.slice(0, 4)).toBe('0x01');
    const decoded = decodeTransaction(raw);
    expect(decoded).toEqual(type1);
    expect(await recoverSender(decoded)).toBe(getAddress(type1.sender)); // checksummed, like recovered senders
  });
});

describe('intrinsicGas', () => {
  test('hand-computed cases', () => {
    expect(intrinsicGas({ to: '0x0a00000000000000000000000000000000000001', data: '0x', accessList: [] })).toBe(21_000n);
    expect(intrinsicGas({ to: '0x0a00000000000000000000000000000000000001', data: '0x00ff0000', accessList: [] })).toBe(21_000n + 4n * 3n + 16n);
    expect(intrinsicGas({ to: null, data: '0x6080', accessList: [] })).toBe(21_000n + 32_000n + 32n);
    expect(intrinsicGas({
      to: '0x0a00000000000000000000000000000000000001', data: '0x',
      accessList: [{ address: '0x00000000000000000000000000000000000000aa', storageKeys: [`0x${'00'.repeat(32)}`, `0x${'01'.repeat(32)}`] }],
    })).toBe(21_000n + 2_400n + 2n * 1_900n);
  });
});
