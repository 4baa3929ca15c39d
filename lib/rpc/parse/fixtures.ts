/**
 * Realistic JSON responses for the parser and transport tests, modelled on the spec's samples
 * (§2.3–2.9) and the protocol notes (go-quai v0.20 marshalling): a zone block carrying type
 * 0/1/2 transactions, a region block with a subManifest, a pending block, an uncle whose hash
 * arrays are null. Test-only; not imported by the client.
 */
import { FieldError } from './fields';

/** A 32-byte hash whose bytes are all `byte`. */
export const h = (byte: string): `0x${string}` => `0x${byte.repeat(32)}`;
/** A 20-byte address whose bytes are all `byte`. */
export const a = (byte: string): `0x${string}` => `0x${byte.repeat(20)}`;

export const ZERO_ADDRESS = `0x${'00'.repeat(20)}`;
export const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
export const EMPTY_UNCLE_HASH = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';

/** Header fields of a cyprus1 block at zone height 0x2a (spec §2.3). */
export function zoneHeaderJson(): Record<string, unknown> {
  return {
    baseFeePerGas: '0x3b9aca00',
    difficulty: '0x2540be400',
    extRollupRoot: EMPTY_TRIE_ROOT,
    extTransactionsRoot: h('e1'),
    extraData: '0xd883010000846775717188676f312e32302e33856c696e7578',
    gasLimit: '0x1312d00',
    gasUsed: '0x1a9c8',
    hash: '0x00000a3f6c1d6f3d4f7b3a1c2e9b8d7c6a5f4e3d2c1b0a99887766554433221a',
    location: '0x0000',
    manifestHash: [h('a0'), h('a1'), h('a2')],
    miner: a('1a'),
    nonce: '0x000000000000d1f3',
    number: ['0x3', '0x7', '0x2a'],
    parentDeltaS: ['0x0', '0x1bc16d674ec80000', '0x6f05b59d3b200000'],
    parentEntropy: ['0x4563918244f40000', '0x8ac7230489e80000', '0xde0b6b3a76400000'],
    parentHash: [h('b0'), h('b1'), h('b2')],
    receiptsRoot: h('c1'),
    sha3Uncles: EMPTY_UNCLE_HASH,
    stateRoot: h('d1'),
    timestamp: '0x6553f100',
    transactionsRoot: h('f1'),
    size: '0x4d2',
  };
}

export function type0Json(): Record<string, unknown> {
  return {
    blockHash: zoneHeaderJson().hash,
    blockNumber: '0x2a',
    from: '0x186Da4CC9d99CB7A2b770b370311887c64e6AC78',
    gas: '0xa410',
    maxFeePerGas: '0x77359404',
    maxPriorityFeePerGas: '0x3b9aca00',
    hash: '0x4aa61963b3a153c4fc9072940c5778064ab2d002005fa471bd9d6c73fc05aef5',
    input: '0x',
    nonce: '0x24',
    to: '0x111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba7',
    transactionIndex: '0x0',
    value: '0x4f',
    type: '0x0',
    accessList: [],
    chainId: '0x2328',
    v: '0x0',
    r: '0x1c2ae1b000172a500f1a7e6e9265264d9ba9e9edd835411bf4233f3f2b05c7d9',
    s: '0x1f9e48da332873ea7514b5ffa17febd543a7a9d0ef20651a4b14a394c0333837',
  };
}

/** An inbound ETX: made by the protocol, `from` zero, `sender` the origin, no signature. */
export function type1Json(): Record<string, unknown> {
  return {
    ...type0Json(),
    hash: h('71'),
    transactionIndex: '0x1',
    type: '0x1',
    from: ZERO_ADDRESS,
    sender: a('95'),
    to: a('12'),
    nonce: '0x5',
    v: null,
    r: null,
    s: null,
  };
}

/** Internal-to-external: a cyprus1 account paying a paxos2 address. */
export function type2Json(): Record<string, unknown> {
  return {
    ...type0Json(),
    hash: h('72'),
    transactionIndex: '0x2',
    type: '0x2',
    to: a('80'),
    nonce: '0x25',
    v: '0x1',
    etxGasLimit: '0x5208',
    etxGasPrice: '0x77359400',
    etxGasTip: '0x3b9aca00',
    etxData: '0x',
    etxAccessList: [{ address: a('80'), storageKeys: [h('01')] }],
  };
}

export function zoneBlockJson(full: boolean): Record<string, unknown> {
  const txs = [type0Json(), type1Json(), type2Json()];
  return {
    ...zoneHeaderJson(),
    order: 2,
    totalEntropy: '0x14d1120d7b1600000',
    transactions: full ? txs : txs.map((t) => t.hash),
    extTransactions: full ? [] : [],
    uncles: [],
    subManifest: [],
  };
}

/** A region (cyprus) block: coincident, no transactions, subManifest of zone hashes. */
export function regionBlockJson(): Record<string, unknown> {
  return {
    ...zoneHeaderJson(),
    location: '0x00',
    order: 1,
    totalEntropy: '0x29a2241af62c00000',
    transactions: [],
    extTransactions: [],
    uncles: [],
    subManifest: [h('5a'), h('5b'), h('5c')],
  };
}

/** The pending block: no hash, nonce or miner yet. */
export function pendingBlockJson(): Record<string, unknown> {
  return { ...zoneBlockJson(false), hash: null, nonce: null, miner: null };
}

/** An uncle as go-quai marshals it inside `uncles`: parentHash/manifestHash null. */
export function uncleJson(): Record<string, unknown> {
  return {
    ...zoneHeaderJson(),
    hash: '0x00000b5e6c1d6f3d4f7b3a1c2e9b8d7c6a5f4e3d2c1b0a99887766554433221b',
    parentHash: null,
    manifestHash: null,
  };
}

export function receiptJson(): Record<string, unknown> {
  return {
    blockHash: zoneHeaderJson().hash,
    blockNumber: '0x2a',
    transactionHash: h('72'),
    transactionIndex: '0x2',
    from: '0x186da4cc9d99cb7a2b770b370311887c64e6ac78',
    to: a('80'),
    gasUsed: '0x5208',
    cumulativeGasUsed: '0xf618',
    contractAddress: null,
    logs: [
      {
        address: a('11'),
        topics: [h('dd')],
        data: '0x0000000000000000000000000000000000000000000000000000000000000001',
        blockHash: zoneHeaderJson().hash,
        blockNumber: '0x2a',
        transactionHash: h('72'),
        transactionIndex: '0x2',
        logIndex: '0x0',
        removed: false,
      },
    ],
    etxs: [{ ...type1Json(), blockHash: null, blockNumber: null, transactionIndex: null }],
    logsBloom: `0x${'00'.repeat(256)}`,
    type: '0x2',
    effectiveGasPrice: '0x77359400',
    status: '0x1',
  };
}

/** Runs `fn` and returns the FieldError it throws (tests check the field path it names). */
export function fieldError(fn: () => unknown): FieldError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FieldError) return e;
    throw e;
  }
  throw new Error('expected a FieldError');
}
