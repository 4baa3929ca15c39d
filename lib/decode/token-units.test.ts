import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, encodeEventTopics, parseAbi } from 'viem';
import { decodeLog } from './events';
import { displayWithUnits } from './token-units';

const ABI = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);
const log = {
  address: '0x0000000000000000000000000000000000000001' as const,
  topics: encodeEventTopics({ abi: ABI, eventName: 'Transfer', args: { from: '0x0000000000000000000000000000000000000002', to: '0x0000000000000000000000000000000000000003' } }) as `0x${string}`[],
  data: encodeAbiParameters([{ type: 'uint256' }], [1_234_500_000_000_000_000_000n]),
};

describe('displayWithUnits', () => {
  it('an ERC-20 amount in the token\'s decimals and symbol, the raw integer beside it', () => {
    const decoded = decodeLog(log);
    if (!decoded.decoded) throw new Error(decoded.reason);
    expect(displayWithUnits(decoded.event, { symbol: 'SDT', decimals: 18 })[2]?.value).toBe('1,234.5 SDT (1234500000000000000000)');
  });

  it('unchanged without decimals', () => {
    const decoded = decodeLog(log);
    if (!decoded.decoded) throw new Error(decoded.reason);
    expect(displayWithUnits(decoded.event, { symbol: 'X', decimals: null })).toBe(decoded.event.display);
    expect(displayWithUnits(decoded.event, undefined)).toBe(decoded.event.display);
  });
});
