import { describe, expect, it } from 'vitest';
import { describeMissing } from './BlockNotFound';

describe('describeMissing (fallback not-found text from the path)', () => {
  it('names the chain, the height or hash, and the index', () => {
    expect(describeMissing('/chain/cyprus1/block/42').reason).toContain('no Cyprus 1 block at height 42');
    expect(describeMissing(`/chain/paxos/block/0x${'ab'.repeat(32)}`).reason).toContain(`Paxos block with hash 0x${'ab'.repeat(32)}`);
    expect(describeMissing('/chain/cyprus1/block/42/uncle/3')).toEqual({
      title: 'No such uncle',
      reason: 'Cyprus 1 has no block at height 42, or that block has no uncle at index 3.',
    });
    expect(describeMissing('/chain/cyprus1/block/42/tx/7').title).toBe('No such transaction');
    expect(describeMissing('/block/99').reason).toBe('No chain served here has a block 99.');
  });
});
