import { describe, expect, it } from 'vitest';
import { readEtherscanAnswer, verdictOf } from './etherscan-answer';

describe('readEtherscanAnswer', () => {
  it('reads status, result and the reason this explorer adds', () => {
    expect(readEtherscanAnswer({ status: '1', message: 'OK', result: 'abc' })).toEqual({ ok: true, result: 'abc', reason: null });
    expect(readEtherscanAnswer({ status: '0', message: 'NOTOK', result: 'Fail - Unable to verify', reason: 'runtime code differs' })).toEqual({
      ok: false,
      result: 'Fail - Unable to verify',
      reason: 'runtime code differs',
    });
  });

  it('refuses anything that is not the envelope, saying so', () => {
    for (const json of [null, 'text', [], { status: 1, result: 'x' }, { status: '1', result: 5 }]) {
      const answer = readEtherscanAnswer(json);
      expect(answer.ok).toBe(false);
      expect(answer.result).toMatch(/something other than Etherscan/);
    }
  });
});

describe('verdictOf', () => {
  it('tells the strings the clients match apart', () => {
    expect(verdictOf('Pending in queue')).toBe('pending');
    expect(verdictOf('Pass - Verified')).toBe('pass');
    expect(verdictOf('Already Verified')).toBe('already');
    expect(verdictOf('Fail - Unable to verify')).toBe('fail');
    expect(verdictOf('Unable to locate ContractCode at 0x00')).toBe('fail');
  });
});
