import { describe, expect, it } from 'vitest';
import { feeShortfall } from './fee-shortfall';

describe('feeShortfall', () => {
  it('complete when the node returned what was asked', () => {
    expect(feeShortfall(20, 20, 695n)).toMatchObject({ reason: 'complete', message: 'Asked for 20 blocks, got 20.' });
  });

  it('a young chain explains a short answer (tip 9: ten blocks exist)', () => {
    const s = feeShortfall(1024, 10, 9n);
    expect(s.reason).toBe('young-chain');
    expect(s.message).toBe('Asked for 1024 blocks, got 10, tip 9: the chain has only 10 blocks so far.');
  });

  it('allows one block mined between the two answers', () => {
    expect(feeShortfall(1024, 10, 10n).reason).toBe('young-chain');
  });

  it('says the node returned fewer than it has when the tip is high (asked 20, got 2, tip 695)', () => {
    const s = feeShortfall(20, 2, 695n);
    expect(s.reason).toBe('node-short');
    expect(s.message).toBe('Asked for 20 blocks, got 2, tip 695: the chain has 696 blocks, so the node returned fewer than it has.');
  });

  it('a young chain that still returned too few is the node\'s doing', () => {
    expect(feeShortfall(1024, 3, 9n).reason).toBe('node-short');
  });

  it('more than asked, or no tip known', () => {
    expect(feeShortfall(5, 6, 100n).reason).toBe('node-long');
    expect(feeShortfall(5, 2, undefined).reason).toBe('unknown-tip');
  });
});
