import { describe, expect, it } from 'vitest';
import { privateKeyToAddress } from 'viem/accounts';
import { decodeTransaction, encodeTransaction, signTransaction } from '@/lib/protocol/transaction';
import { zoneOf } from '@/lib/protocol/chains';
import { decodeRaw, normaliseRaw } from './decode-raw';

// The test vector of the network's public docs (a type 0 transaction on colosseum, chain id 9000).
const VECTOR =
  '0x00f86c82232824843b9aca00847735940482a41094111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba74f80c080a01c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9a01f9e48da332873ea7514b5ffa17febd543a7a9d0ef20651a4b14a394c0333837';

describe('decodeRaw', () => {
  it('decodes the notes’ test vector: hash, sender, zone and fields', async () => {
    const d = await decodeRaw(VECTOR);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.hash).toBe('0x4aa61963b3a153c4fc9072940c5778064ab2d002005fa471bd9d6c73fc05aef5');
    expect(d.sender).toBe('0x186Da4CC9d99CB7A2b770b370311887c64e6AC78');
    // First byte 0x18 lies in cyprus1's range 0x00–0x1D.
    expect(d.zone).toBe('cyprus1');
    expect(d.typeName).toContain('type 0');
    const field = (label: string) => d.fields.find((f) => f.label.startsWith(label))?.value;
    expect(field('chainId')).toBe('9000');
    expect(field('nonce')).toBe('36');
    expect(field('maxPriorityFeePerGas')).toBe('1000000000 wei');
    expect(field('maxFeePerGas')).toBe('2000000004 wei');
    expect(field('gas')).toBe('42000');
    expect(field('value')).toBe('79 wei');
    expect(d.problems).toEqual([]);
  });

  it('names problems the node would refuse', async () => {
    const d = await decodeRaw(VECTOR, { expectedChainId: 1337n, configuredZones: ['paxos1'] });
    expect(d.ok && d.problems.length).toBe(2);
    if (d.ok) {
      expect(d.problems.join(' ')).toContain('Chain id 9000');
      expect(d.problems.join(' ')).toContain('Cyprus 1');
    }
  });

  it('refuses a type 0 transaction across zones before it is sent', async () => {
    // A key whose address is in cyprus1, sending to an address in hydra3.
    let key = 1n;
    const hexKey = () => `0x${key.toString(16).padStart(64, '0')}` as const;
    while (zoneOf(privateKeyToAddress(hexKey())).name !== 'cyprus1') key++;
    const raw = await signTransaction({
      type: 0, chainId: 1337n, nonce: 0n, gasTipCap: 1n, gasFeeCap: 2n, gas: 21000n,
      to: '0xff00000000000000000000000000000000000001', value: 1n, data: '0x', accessList: [],
    }, hexKey());
    const d = await decodeRaw(raw);
    expect(d.ok).toBe(true);
    if (d.ok) {
      expect(d.sender).toBe(privateKeyToAddress(hexKey()));
      expect(d.problems.join(' ')).toContain('cannot cross zones');
      expect(d.toZoneLabel).toBe('Hydra 3');
    }
  });

  it('explains garbage, odd lengths and legacy encodings', async () => {
    expect(await decodeRaw('')).toMatchObject({ ok: false });
    expect(await decodeRaw('0xzz')).toMatchObject({ ok: false, error: expect.stringContaining('hex') });
    expect(await decodeRaw('0xabc')).toMatchObject({ ok: false, error: expect.stringContaining('even') });
    expect(await decodeRaw('0xf86c')).toMatchObject({ ok: false, error: expect.stringContaining('Legacy') });
    expect(await decodeRaw(VECTOR.slice(0, 60))).toMatchObject({ ok: false });
  });

  it('reports a high-s signature as invalid (EIP-2), not as whatever sender it recovers', async () => {
    const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const tx = decodeTransaction(VECTOR);
    if (tx.type === 1 || tx.s === undefined || tx.v === undefined) throw new Error('the vector is a signed type 0');
    // s flipped alone recovers a stranger (often in another zone); with v flipped too, the signer.
    for (const v of [tx.v, 1n - tx.v]) {
      const d = await decodeRaw(encodeTransaction({ ...tx, v, s: N - tx.s }));
      expect(d).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid signature: .*EIP-2/) });
    }
  });

  it('shows decoding errors without viem\'s version footer', async () => {
    const d = await decodeRaw('0x02ff');
    expect(d).toMatchObject({ ok: false, error: expect.stringContaining('Invalid RLP prefix') });
    if (!d.ok) expect(d.error).not.toMatch(/Version|viem@/);
  });

  it('normalises pasted text', () => {
    expect(normaliseRaw('  00AB\n cd ')).toBe('0x00abcd');
    expect(normaliseRaw('0XAB')).toBe('0xab');
    expect(normaliseRaw(' ')).toBeUndefined();
  });
});
