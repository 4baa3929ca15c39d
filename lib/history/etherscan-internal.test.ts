import { describe, expect, it } from 'vitest';
import type { InternalTransferItem } from '@/lib/index/readers/internal-transfer-reader';
import { etherscanInternalTx, isTxlistInternal, parseTxlistInternal } from './etherscan-internal';

const A = '0x00000000000000000000000000000000000000aA';
const H = `0x${'ab'.repeat(32)}`;
const q = (s: string) => parseTxlistInternal(new URLSearchParams(s));

describe('txlistinternal', () => {
  it('is recognised only as module=account&action=txlistinternal', () => {
    expect(isTxlistInternal(new URLSearchParams('module=account&action=txlistinternal'))).toBe(true);
    expect(isTxlistInternal(new URLSearchParams('module=contract&action=txlistinternal'))).toBe(false);
  });

  it('by address: validated and paged as txlist is', () => {
    expect(q(`module=account&action=txlistinternal&address=${A}&page=2&offset=10&sort=desc`)).toMatchObject({
      by: 'address', query: { address: A.toLowerCase(), page: 2, offset: 10, ascending: false },
    });
    expect(q('module=account&action=txlistinternal&address=0x12')).toBe('Invalid address format');
    expect(q(`module=account&action=txlistinternal&address=${A}&page=0`)).toBe('page must be a positive integer');
  });

  it('by txhash: a 32-byte hash, not beside an address', () => {
    expect(q(`module=account&action=txlistinternal&txhash=${H.toUpperCase().replace('0X', '0x')}`)).toEqual({ by: 'txhash', txhash: H });
    expect(q('module=account&action=txlistinternal&txhash=0x1234')).toBe('Invalid txhash format');
    expect(q(`module=account&action=txlistinternal&txhash=${H}&address=${A}`)).toBe('give address or txhash, not both');
  });

  it('answers in Etherscan’s fields: a creation has no `to` and names the contract, an error sets isError', () => {
    const item: InternalTransferItem = {
      chain: 'cyprus1', blockNumber: 7n, blockHash: `0x${'11'.repeat(32)}`, timestamp: 1_700_000_000n, txHash: H as `0x${string}`, txIndex: 0, seq: 1,
      traceId: '0_1', type: 'CREATE', from: A.toLowerCase() as `0x${string}`, to: `0x${'cc'.repeat(20)}`, contractAddress: `0x${'cc'.repeat(20)}`,
      value: 5n, gas: 100n, gasUsed: 60n, error: 'out of gas', direction: 'out', parent: { from: A.toLowerCase() as `0x${string}`, to: null, value: 5n },
    };
    expect(etherscanInternalTx(item)).toEqual({
      blockNumber: '7', timeStamp: '1700000000', hash: H, from: A.toLowerCase(), to: '', value: '5', contractAddress: `0x${'cc'.repeat(20)}`,
      input: '', type: 'create', gas: '100', gasUsed: '60', traceId: '0_1', isError: '1', errCode: 'out of gas', chain: 'cyprus1',
    });
  });
});
