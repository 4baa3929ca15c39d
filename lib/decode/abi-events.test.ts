import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, encodeEventTopics, parseAbi, type Hex } from 'viem';
import { DevMultiAbi } from '@/devnet/contracts';
import { decodeLogWithAbi } from './abi-events';

const EMITTER = '0x00000000000000000000000000000000000000aa';
const OPERATOR = '0x1111111111111111111111111111111111111111';
const TO = '0x2222222222222222222222222222222222222222';

// Topics and data encoded independently by viem's encoder, so decoding must give back what went in.
function transferSingle(id: bigint, value: bigint): { address: typeof EMITTER; topics: Hex[]; data: Hex } {
  const topics = encodeEventTopics({ abi: DevMultiAbi, eventName: 'TransferSingle', args: { operator: OPERATOR, from: `0x${'00'.repeat(20)}`, to: TO } }) as Hex[];
  return { address: EMITTER, topics, data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [id, value]) };
}

describe('decodeLogWithAbi', () => {
  it('decodes an event of the ABI with its parameter names and which are indexed', () => {
    const result = decodeLogWithAbi(DevMultiAbi, transferSingle(7n, 12n));
    expect(result.kind).toBe('event');
    if (result.kind !== 'event') return;
    expect(result.signature).toBe('TransferSingle(address,address,address,uint256,uint256)');
    expect(result.args.map((a) => [a.name, a.value, a.indexed])).toEqual([
      ['operator', OPERATOR, true],
      ['from', `0x${'00'.repeat(20)}`, true],
      ['to', TO, true],
      ['id', '7', false],
      ['value', '12', false],
    ]);
  });

  it('says no-match for a topic the ABI does not declare, and for a log without topics', () => {
    const other = parseAbi(['event Other(uint256 x)']);
    expect(decodeLogWithAbi(other, transferSingle(1n, 1n))).toEqual({ kind: 'no-match' });
    expect(decodeLogWithAbi(DevMultiAbi, { address: EMITTER, topics: [], data: '0x' })).toEqual({ kind: 'no-match' });
  });

  it('says why a log with the right topic0 does not decode (short data)', () => {
    const log = { ...transferSingle(1n, 1n), data: '0x1234' as Hex };
    const result = decodeLogWithAbi(DevMultiAbi, log);
    expect(result.kind).toBe('malformed');
    if (result.kind === 'malformed') expect(result.error.length).toBeGreaterThan(0);
  });
});
