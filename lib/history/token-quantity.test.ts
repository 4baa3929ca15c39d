import { describe, expect, it } from 'vitest';
import { balanceQuantity, transferQuantity } from './token-quantity';

describe('transferQuantity', () => {
  it('ERC-20 in the token\'s decimals, raw units when decimals are unknown', () => {
    expect(transferQuantity('ERC-20', 1_234_500_000_000_000_000_000n, 18, null)).toMatchObject({ text: '1,234.5', raw: false });
    expect(transferQuantity('ERC-20', 4_321n, 18, null).text).toBe('<0.000001');
    expect(transferQuantity('ERC-20', 4_321n, null, null)).toEqual({ text: '4,321', exact: '4,321 raw units', raw: true });
  });
  it('ERC-721 by id; ERC-1155 as amount × id', () => {
    expect(transferQuantity('ERC-721', 1n, null, 7n).text).toBe('#7');
    expect(transferQuantity('ERC-1155', 5n, null, 3n).text).toBe('5 × id 3');
  });
});

describe('balanceQuantity', () => {
  it('counts ERC-721 tokens, names the ERC-1155 id, uses decimals for ERC-20', () => {
    expect(balanceQuantity('ERC-721', 2n, null, null).text).toBe('2 tokens');
    expect(balanceQuantity('ERC-721', 1n, null, null).text).toBe('1 token');
    expect(balanceQuantity('ERC-1155', 10n, null, 4n).text).toBe('10 of id 4');
    expect(balanceQuantity('ERC-20', 10n ** 18n, 18, null)).toMatchObject({ text: '1', raw: false });
    expect(balanceQuantity(null, 10n, null, null)).toMatchObject({ text: '10', raw: true });
  });
});
