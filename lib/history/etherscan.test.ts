import { describe, expect, it } from 'vitest';
import { etherscanTx, parseTxlist } from './etherscan';
import type { HistoryItem } from '@/lib/index/readers/history-reader';

const A = '0x0A00000000000000000000000000000000000001';
const q = (s: string) => parseTxlist(new URLSearchParams(s));

describe('parseTxlist', () => {
  it('args: Etherscan defaults (page 1, offset 100, sort asc) and a lower-case address', () => {
    expect(q(`module=account&action=txlist&address=${A}`)).toEqual({
      action: 'txlist', address: A.toLowerCase(), page: 1, offset: 100, ascending: true, startBlock: undefined, endBlock: undefined,
    });
    expect(q(`module=account&action=tokentx&address=${A}&contractaddress=${A.toUpperCase().replace('0X', '0x')}`)).toMatchObject({
      action: 'tokentx', contract: A.toLowerCase(),
    });
    expect(q(`module=account&action=txlist&address=${A}&page=3&offset=20&sort=desc&startblock=5&endblock=9`)).toMatchObject({
      page: 3, offset: 20, ascending: false, startBlock: 5n, endBlock: 9n,
    });
  });

  it('args: what it refuses, with Etherscan\'s wording where Etherscan has one', () => {
    expect(q('module=account&action=txlistinternal&address=' + A)).toContain('action "txlistinternal" is not supported');
    expect(q(`module=account&action=tokentx&address=${A}&contractaddress=0x12`)).toBe('Invalid contractaddress format');
    expect(q(`module=account&action=txlist&address=${A}&contractaddress=${A}`)).toBe('contractaddress is only for the token actions');
    expect(q('module=contract&action=txlist&address=' + A)).toContain('module "contract" is not supported');
    expect(q('module=account&action=txlist&address=0x12')).toBe('Invalid address format');
    expect(q(`module=account&action=txlist&address=${A}&page=0`)).toContain('page');
    expect(q(`module=account&action=txlist&address=${A}&offset=1001`)).toContain('offset');
    // Decimal digits only: Number() would read hex and exponents as other pages.
    for (const bad of ['0x10', '1.5', '1e1', ' 2', '+3', '-1']) {
      expect(q(`module=account&action=txlist&address=${A}&page=${encodeURIComponent(bad)}`), bad).toBe('page must be a positive integer');
      expect(q(`module=account&action=txlist&address=${A}&offset=${encodeURIComponent(bad)}`), bad).toBe('offset must be an integer from 1 to 1000');
    }
    expect(q(`module=account&action=txlist&address=${A}&page=11&offset=1000`)).toContain('Result window is too large');
    expect(q(`module=account&action=txlist&address=${A}&sort=up`)).toContain('sort');
    expect(q(`module=account&action=txlist&address=${A}&startblock=-1`)).toContain('startblock');
  });
});

describe('etherscanTx', () => {
  const item: HistoryItem = {
    hash: '0x' + '11'.repeat(32) as HistoryItem['hash'], chain: 'cyprus1', blockNumber: 10n, blockHash: '0x' + '22'.repeat(32) as HistoryItem['hash'],
    index: 2, from: A.toLowerCase() as HistoryItem['from'], to: null, contractAddress: '0x0b00000000000000000000000000000000000002',
    value: 2n ** 80n, direction: 'out', type: 'contract-creation', status: 'reverted', innerReverts: 0, timestamp: 1_700_000_000n, otherChain: null,
    nonce: 7n, gas: 100_000n, gasUsed: 90_000n, gasPrice: 10n ** 9n, method: '0x60806040',
  };
  it('behavior: every number a decimal string, Etherscan\'s flags for status, confirmations from the tip', () => {
    expect(etherscanTx(item, 14n)).toMatchObject({
      blockNumber: '10', timeStamp: '1700000000', value: (2n ** 80n).toString(), transactionIndex: '2', nonce: '7', isError: '1',
      txreceipt_status: '0', to: '', contractAddress: '0x0b00000000000000000000000000000000000002', confirmations: '5', input: '0x60806040',
    });
    expect(etherscanTx({ ...item, status: null }, null)).toMatchObject({ txreceipt_status: '', isError: '0', confirmations: '' });
  });
});
