import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import type { Transaction } from '@/lib/rpc/domain';
import { checkTransaction } from './signature';

// The test vector of the protocol notes: raw bytes, hash and sender published independently.
const RAW: Hex =
  '0x00f86c82232824843b9aca00847735940482a41094111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba74f80c080a01c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9a01f9e48da332873ea7514b5ffa17febd543a7a9d0ef20651a4b14a394c0333837';

const NODE: Transaction = {
  type: 0,
  hash: '0x4aa61963b3a153c4fc9072940c5778064ab2d002005fa471bd9d6c73fc05aef5',
  blockHash: null,
  blockNumber: null,
  transactionIndex: null,
  from: '0x186da4cc9d99cb7a2b770b370311887c64e6ac78',
  to: '0x111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba7',
  nonce: 36n,
  value: 79n,
  gas: 42000n,
  maxFeePerGas: 2000000004n,
  maxPriorityFeePerGas: 1_000_000_000n,
  input: '0x',
  accessList: [],
  chainId: 9000n,
  v: 0n,
  r: 0x1c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9n,
  s: 0x1f9e48da332873ea7514b5ffa17febd543a7a9d0ef20651a4b14a394c0333837n,
};

describe('checkTransaction', () => {
  it('matches every item for the notes test vector', async () => {
    const report = await checkTransaction(NODE, RAW);
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.items.filter((i) => !i.match)).toEqual([]);
    expect(report.allMatch).toBe(true);
    expect(report.items.map((i) => i.label)).toContain('Sender recovered from signature');
  });

  it('flags a node that reports a different sender, and only that item', async () => {
    const report = await checkTransaction({ ...NODE, from: '0x0000000000000000000000000000000000000001' }, RAW);
    if (!report.ok) throw new Error(report.error);
    expect(report.allMatch).toBe(false);
    expect(report.items.filter((i) => !i.match).map((i) => i.label)).toEqual(['Sender recovered from signature']);
  });

  it('flags a hash and value that differ from the raw bytes', async () => {
    const report = await checkTransaction({ ...NODE, value: 80n, hash: `0x${'00'.repeat(32)}` }, RAW);
    if (!report.ok) throw new Error(report.error);
    expect(report.items.filter((i) => !i.match).map((i) => i.label).sort()).toEqual(['Hash = keccak256(raw)', 'Value (wei)']);
  });

  it('skips the chain id when the node reports null (pending, some releases)', async () => {
    const report = await checkTransaction({ ...NODE, chainId: null }, RAW);
    if (!report.ok) throw new Error(report.error);
    expect(report.items.some((i) => i.label === 'Chain id')).toBe(false);
    expect(report.allMatch).toBe(true);
  });

  it('reports raw bytes that do not decode', async () => {
    const report = await checkTransaction(NODE, '0xf86c01');
    expect(report.ok).toBe(false);
  });
});
