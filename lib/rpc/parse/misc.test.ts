import { describe, expect, it } from 'vitest';
import { parseFeeHistory } from './fee-history';
import { parseAccountProof } from './proof';
import { parseTxPoolContent, parseTxPoolInspect, parseTxPoolStatus } from './txpool';
import { parseNetVersion, parseNodeLocation, parseSyncStatus } from './scalars';
import { EMPTY_TRIE_ROOT, a, h, type0Json, fieldError } from './fixtures';


describe('parseFeeHistory', () => {
  const json = {
    oldestBlock: '0x28',
    baseFeePerGas: ['0x3b9aca00', '0x3b9aca00', '0x3b9aca08'],
    gasUsedRatio: [0.5, 0],
    reward: [['0x0', '0x3b9aca00'], ['0x1', '0x2']],
  };
  it('reads quantities, numeric ratios and reward rows', () => {
    const fee = parseFeeHistory(json);
    expect(fee.oldestBlock).toBe(40n);
    expect(fee.baseFeePerGas).toEqual([1_000_000_000n, 1_000_000_000n, 1_000_000_008n]);
    expect(fee.gasUsedRatio).toEqual([0.5, 0]);
    expect(fee.reward).toEqual([[0n, 1_000_000_000n], [1n, 2n]]);
  });
  it('reward is optional; ratios must be numbers', () => {
    expect(parseFeeHistory({ ...json, reward: undefined }).reward).toBeUndefined();
    expect(fieldError(() => parseFeeHistory({ ...json, gasUsedRatio: ['0x1'] })).path).toBe('feeHistory.gasUsedRatio[0]');
    expect(fieldError(() => parseFeeHistory({ ...json, reward: [['0x0', '1']] })).path).toBe('feeHistory.reward[0][1]');
  });
});

describe('parseAccountProof', () => {
  const json = {
    address: a('1a'),
    accountProof: ['0xf8518080', '0xe2a0'],
    balance: '0xde0b6b3a7640000',
    codeHash: '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    nonce: '0x1',
    storageHash: EMPTY_TRIE_ROOT,
    storageProof: [{ key: h('00'), value: '0x0', proof: [] }],
  };
  it('reads the account and storage entries', () => {
    const proof = parseAccountProof(json);
    expect(proof.balance).toBe(10n ** 18n);
    expect(proof.nonce).toBe(1n);
    expect(proof.storageProof).toEqual([{ key: h('00'), value: 0n, proof: [] }]);
    expect(proof.accountProof).toEqual(['0xf8518080', '0xe2a0']);
  });
  it('names bad nested fields', () => {
    expect(fieldError(() => parseAccountProof({ ...json, accountProof: ['0xf85'] })).path).toBe('proof.accountProof[0]');
    expect(fieldError(() => parseAccountProof({ ...json, storageProof: [{ key: '0x00', value: '0x0', proof: [] }] })).path).toBe(
      'proof.storageProof[0].key',
    );
  });
});

describe('txpool', () => {
  const pendingTx = { ...type0Json(), blockHash: null, blockNumber: null, transactionIndex: null, chainId: null };
  const sender = '0x186Da4CC9d99CB7A2b770b370311887c64e6AC78';
  it('content: sender → decimal nonce → transaction, into Maps', () => {
    const content = parseTxPoolContent({ pending: { [sender]: { '36': pendingTx } }, queued: {} });
    const batch = content.pending.get('0x186da4cc9d99cb7a2b770b370311887c64e6ac78');
    expect(batch?.get(36n)?.nonce).toBe(36n);
    expect(content.queued.size).toBe(0);
  });
  it('content: rejects hex nonce keys and bad senders, naming them', () => {
    expect(fieldError(() => parseTxPoolContent({ pending: { [sender]: { '0x24': pendingTx } }, queued: {} })).path).toBe(
      `txpool.pending["${sender}"]["0x24"]`,
    );
    expect(fieldError(() => parseTxPoolContent({ pending: { nobody: {} }, queued: {} })).path).toBe('txpool.pending["nobody"]');
    expect(fieldError(() => parseTxPoolContent({ pending: {} })).path).toBe('txpool.queued');
  });
  it('inspect: opaque summary strings', () => {
    const summary = '0x111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba7: 79 wei + 42000 gas × 2000000004 wei';
    const inspect = parseTxPoolInspect({ pending: {}, queued: { [sender]: { '40': summary } } });
    expect(inspect.queued.get(sender.toLowerCase() as `0x${string}`)?.get(40n)).toBe(summary);
  });
  it('status: quantities', () => {
    expect(parseTxPoolStatus({ pending: '0xa', queued: '0x0' })).toEqual({ pending: 10n, queued: 0n });
    expect(fieldError(() => parseTxPoolStatus({ pending: 10, queued: '0x0' })).path).toBe('txpool.pending');
  });
});

describe('scalars', () => {
  it('syncing: booleans or a progress object', () => {
    expect(parseSyncStatus(false, 'syncing')).toBe(false);
    expect(parseSyncStatus(true, 'syncing')).toBe(true);
    expect(parseSyncStatus({ currentBlock: '0x10', highestBlock: '0x20' }, 'syncing')).toEqual({ currentBlock: 16n, highestBlock: 32n });
    expect(fieldError(() => parseSyncStatus('no', 'syncing')).path).toBe('syncing');
  });
  it('nodeLocation: [region, zone] quantities', () => {
    expect(parseNodeLocation(['0x0', '0x0'], 'loc')).toEqual([0, 0]);
    expect(parseNodeLocation(['0x2', '0x1'], 'loc')).toEqual([2, 1]);
    expect(parseNodeLocation(['0x1'], 'loc')).toEqual([1]);
    expect(fieldError(() => parseNodeLocation([0, 0], 'loc')).path).toBe('loc[0]');
    expect(fieldError(() => parseNodeLocation(['0x0', '0x0', '0x0'], 'loc')).path).toBe('loc');
  });
  it('net_version: decimal digits', () => {
    expect(parseNetVersion('1337', 'v')).toBe('1337');
    expect(parseNetVersion(9000, 'v')).toBe('9000');
    expect(fieldError(() => parseNetVersion('0x539', 'v')).path).toBe('v');
  });
});
