import { describe, expect, test } from 'vitest';
import { getChain } from '@/lib/protocol/chains';
import { describeHashMiss } from './search-describe';

describe('describeHashMiss', () => {
  test('names how many chains and zones were asked', () => {
    const lines = describeHashMiss({ blocks: [], transactions: [], askedBlockChains: 13, askedTransactionZones: 9, failures: [] });
    expect(lines[0]).toBe('Looked for a block hash on 13 chains and a transaction hash on 9 zones; none has it.');
  });
  test('singulars, no zones, and chains that could not be asked', () => {
    const lines = describeHashMiss({
      blocks: [], transactions: [], askedBlockChains: 1, askedTransactionZones: 0,
      failures: [{ chain: getChain('prime'), error: 'The prime node could not be reached.' }],
    });
    expect(lines[0]).toBe('Looked for a block hash on 1 chain (no zones are configured, so no transaction lookup); none has it.');
    expect(lines[1]).toBe('1 chain could not be asked: Prime (The prime node could not be reached.). The hash may be there.');
  });
});
