import { describe, expect, it } from 'vitest';
import { hexToBytes, keccak256, type Hex } from 'viem';
import { logsBloom, mergeBlooms } from './bloom';

// Reference written as the yellow paper states it: the bloom is a 2048-bit big-endian number and
// each item sets bit (pair & 2047) for the first three byte pairs of keccak256(item).
function referenceBloom(items: Hex[]): bigint {
  let bloom = 0n;
  for (const item of items) {
    const h = hexToBytes(keccak256(item));
    for (let i = 0; i < 6; i += 2) bloom |= 1n << BigInt((((h[i] ?? 0) << 8) | (h[i + 1] ?? 0)) & 2047);
  }
  return bloom;
}

describe('logsBloom', () => {
  const address: Hex = '0x1111111111111111111111111111111111111111';
  const topic: Hex = `0x${'ab'.repeat(32)}`;
  it('matches the yellow-paper definition', () => {
    expect(BigInt(logsBloom([{ address, topics: [topic], data: '0x' }]))).toBe(referenceBloom([address, topic]));
  });
  it('is all zero without logs, 256 bytes long, and merges by OR', () => {
    expect(logsBloom([])).toBe(`0x${'00'.repeat(256)}`);
    const a = logsBloom([{ address, topics: [], data: '0x' }]);
    const b = logsBloom([{ address: topic.slice(0, 42) as Hex, topics: [], data: '0x' }]);
    expect(BigInt(mergeBlooms([a, b]))).toBe(BigInt(a) | BigInt(b));
    expect(hexToBytes(a)).toHaveLength(256);
  });
});
