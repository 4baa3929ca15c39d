import { describe, expect, it } from 'vitest';
import { checkHolder, checkHolders } from './holder-balances';

const A = '0x00aa000000000000000000000000000000000001';
const B = '0x00aa000000000000000000000000000000000002';
const C = '0x00aa000000000000000000000000000000000003';

describe('checkHolder', () => {
  it('matches when the node answers the indexed sum', () => {
    expect(checkHolder({ address: A, indexed: 10n }, { kind: 'answered', balance: 10n })).toEqual({ status: 'matches', node: 10n });
  });

  it('differs with the signed difference node − index', () => {
    expect(checkHolder({ address: A, indexed: 10n }, { kind: 'answered', balance: 7n })).toEqual({ status: 'differs', node: 7n, difference: -3n });
    expect(checkHolder({ address: A, indexed: 10n }, { kind: 'answered', balance: 15n })).toEqual({ status: 'differs', node: 15n, difference: 5n });
  });

  it('is unchecked, with the reason, when the node refused or failed', () => {
    expect(checkHolder({ address: A, indexed: 1n }, { kind: 'refused', reason: 'execution reverted' })).toEqual({
      status: 'unchecked', reason: 'balanceOf was refused: execution reverted',
    });
    expect(checkHolder({ address: A, indexed: 1n }, { kind: 'failed', reason: 'connection refused' })).toEqual({
      status: 'unchecked', reason: 'balanceOf could not be read: connection refused',
    });
  });
});

describe('checkHolders', () => {
  it('counts matches, differences and unchecked; holders beyond the answers are unchecked with the reason given', () => {
    const verdict = checkHolders(
      [{ address: A, indexed: 5n }, { address: B, indexed: 3n }, { address: C, indexed: 1n }],
      [{ kind: 'answered', balance: 5n }, { kind: 'answered', balance: 0n }],
      'only the top 2 are checked',
    );
    expect(verdict).toMatchObject({ matched: 1, differing: 1, unchecked: 1 });
    expect(verdict.holders[1]?.check).toEqual({ status: 'differs', node: 0n, difference: -3n });
    expect(verdict.holders[2]?.check).toEqual({ status: 'unchecked', reason: 'only the top 2 are checked' });
  });

  it('keeps the order and values of the index', () => {
    const verdict = checkHolders([{ address: B, indexed: 9n }, { address: A, indexed: 2n }], []);
    expect(verdict.holders.map((h) => [h.address, h.indexed])).toEqual([[B, 9n], [A, 2n]]);
    expect(verdict.unchecked).toBe(2);
  });
});
