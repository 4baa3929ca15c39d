/** A sample zone header for tests (cyprus1, block [1, 2, 3]); not used by production code. */
import type { Hex } from 'viem';
import type { HeaderFields } from './header';

const h = (byte: string): Hex => `0x${byte.repeat(32)}`;

export function sampleHeader(overrides: Partial<HeaderFields> = {}): HeaderFields {
  return {
    parentHash: [h('01'), h('02'), h('03')],
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    miner: '0x0011223344556677889900112233445566778899',
    stateRoot: h('04'),
    transactionsRoot: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    extTransactionsRoot: h('05'),
    extRollupRoot: h('06'),
    manifestHash: [h('07'), h('08'), h('09')],
    receiptsRoot: h('0a'),
    difficulty: 1000n,
    parentEntropy: [0n, 5n, 2n ** 70n],
    parentDeltaS: [0n, 0n, 12345n],
    number: [1n, 2n, 3n],
    gasLimit: 12_000_000n,
    gasUsed: 21_000n,
    baseFeePerGas: 1_000_000_000n,
    location: '0x0000',
    timestamp: 1_700_000_000n,
    extraData: '0xdeadbeef',
    mixHash: h('0b'),
    nonce: '0x0000000000000000',
    ...overrides,
  };
}
