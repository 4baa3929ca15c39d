import { describe, expect, it } from 'vitest';
import type { Transaction } from '@/lib/rpc/domain';
import { txKind } from './tx-kind';

const base = {
  hash: `0x${'11'.repeat(32)}`,
  blockHash: null,
  blockNumber: null,
  transactionIndex: null,
  nonce: 0n,
  value: 1n,
  gas: 21000n,
  maxFeePerGas: 2n,
  maxPriorityFeePerGas: 1n,
  input: '0x',
  accessList: [],
  chainId: 1337n,
} as const;

// First address bytes per the protocol notes' ranges: 0x00 cyprus1, 0x5a paxos1, 0xf0 hydra3.
const CYPRUS1 = `0x00${'01'.repeat(19)}` as const;
const PAXOS1 = `0x5a${'01'.repeat(19)}` as const;
const HYDRA3 = `0xf0${'01'.repeat(19)}` as const;

describe('txKind', () => {
  it('type 0 within a zone is internal, not cross-zone', () => {
    const tx: Transaction = { ...base, type: 0, from: CYPRUS1, to: CYPRUS1, v: 0n, r: 1n, s: 1n };
    const kind = txKind(tx);
    expect(kind.label).toBe('Internal');
    expect(kind.originZone?.name).toBe('cyprus1');
    expect(kind.crossZone).toBe(false);
  });

  it('type 2 goes from the sender zone to the recipient zone', () => {
    const tx: Transaction = {
      ...base, type: 2, from: CYPRUS1, to: HYDRA3, v: 0n, r: 1n, s: 1n,
      etxGasLimit: 1n, etxGasPrice: 1n, etxGasTip: 1n, etxData: '0x', etxAccessList: [],
    };
    const kind = txKind(tx);
    expect(kind.label).toBe('Internal to external');
    expect([kind.originZone?.name, kind.destinationZone?.name]).toEqual(['cyprus1', 'hydra3']);
    expect(kind.crossZone).toBe(true);
  });

  it('type 1 takes its origin from sender, not the zero from', () => {
    const tx: Transaction = {
      ...base, type: 1, from: `0x${'00'.repeat(20)}`, sender: PAXOS1, to: HYDRA3, v: null, r: null, s: null,
    };
    const kind = txKind(tx);
    expect(kind.label).toBe('External (ETX)');
    expect(kind.originZone?.name).toBe('paxos1');
    expect(kind.destinationZone?.name).toBe('hydra3');
  });

  it('a contract creation has no destination zone', () => {
    const tx: Transaction = { ...base, type: 0, from: CYPRUS1, to: null, v: 0n, r: 1n, s: 1n };
    expect(txKind(tx).destinationZone).toBeUndefined();
    expect(txKind(tx).crossZone).toBe(false);
  });
});
