import { describe, expect, it } from 'vitest';
import { errorWording } from './route-error-wording';

describe('errorWording', () => {
  it('names the transaction, the block (its transactions and uncles too) and the chain', () => {
    expect(errorWording('/tx/0xabc').title).toBe('This transaction could not be loaded');
    expect(errorWording('/block/0xabc').title).toBe('This block could not be loaded');
    expect(errorWording('/chain/cyprus1/block/12').title).toBe('This block could not be loaded');
    expect(errorWording('/chain/cyprus1/block/12/tx/0').title).toBe('This block could not be loaded');
    expect(errorWording('/chain/cyprus1/block/12/uncle/0').title).toBe('This block could not be loaded');
    expect(errorWording('/chain/cyprus1').title).toBe('This chain could not be loaded');
  });
  it('says "this page" anywhere else', () => {
    for (const path of ['/', '/network', '/address/0x1', '/chain', '/tx/', '/fees/cyprus1']) {
      expect(errorWording(path).title).toBe('This page could not be loaded');
    }
  });
});
