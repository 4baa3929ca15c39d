import { describe, expect, test } from 'vitest';
import { bad, none, ok, rpcError, rpcResult } from '@/lib/etherscan/envelope';
import { keepsEtherscanAnswer } from './etherscan-answer';

const bytes = (answer: { body: unknown }) => Buffer.from(JSON.stringify(answer.body));

describe('which Etherscan answers the page cache keeps', () => {
  test('a failure answered with HTTP 200 is never kept', () => {
    for (const durable of [false, true]) {
      expect(keepsEtherscanAnswer(bytes(rpcError(-32000, 'header not found')), durable)).toBe(false);
      expect(keepsEtherscanAnswer(bytes({ body: bad('Error! Missing address').body }), durable)).toBe(false);
      expect(keepsEtherscanAnswer(Buffer.from('not json'), durable)).toBe(false);
    }
  });

  test('an empty answer is kept for its variant only, never for good', () => {
    expect(keepsEtherscanAnswer(bytes(none('No transactions found')), false)).toBe(true);
    expect(keepsEtherscanAnswer(bytes(rpcResult(null)), false)).toBe(true);
    expect(keepsEtherscanAnswer(bytes(none('No records found')), true)).toBe(false);
    expect(keepsEtherscanAnswer(bytes(rpcResult(null)), true)).toBe(false);
  });

  test('an answer that found something is kept', () => {
    expect(keepsEtherscanAnswer(bytes(rpcResult({ hash: '0x01' })), true)).toBe(true);
    expect(keepsEtherscanAnswer(bytes(ok([{ hash: '0x01' }])), true)).toBe(true);
    expect(keepsEtherscanAnswer(bytes(ok('12')), false)).toBe(true);
  });
});
