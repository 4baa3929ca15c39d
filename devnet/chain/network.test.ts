/**
 * The hierarchy rules of network.ts on real sealed headers: blocks are mined here with real PoW at
 * a tiny difficulty, retrying nonces until the entropy rule gives the order a case needs.
 */
import { keccak256, toHex, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ChainName } from '@/lib/protocol/chains';
import { calcOrder } from '@/lib/protocol/entropy';
import { blockHash } from '@/lib/protocol/header';
import { mineNonce } from '@/lib/protocol/pow';
import { EMPTY_TRIE_ROOT, manifestRoot } from '@/lib/protocol/trie-root';
import type { EtxRecord, ExecutedBlock } from '../execution/api';
import { parseTopology } from '../topology';
import { Network, type BlockParts } from './network';

const TARGETS = { region: 3, prime: 9 };
const ROOT = (n: number): Hex => keccak256(toHex(`state-${n}`));

function network(topology: string): Network {
  const t = parseTopology(topology);
  return new Network({
    topology: t, entropyTargets: TARGETS, genesisDifficulty: 16n, gasLimit: 30_000_000n, baseFeeFloor: 1n,
    genesisStateRoots: new Map(t.zones.map((z, i) => [z.name, ROOT(i)])),
  });
}

function etx(to: Address, n: number): EtxRecord {
  const raw = toHex(`etx-${n}`);
  return {
    hash: keccak256(raw), raw, chainId: 1337n, nonce: BigInt(n), gasTipCap: 1n, gasFeeCap: 1n, gas: 21_000n, to, value: 5n,
    data: '0x', sender: '0x0000000000000000000000000000000000000001', originTxHash: keccak256(toHex(n)),
  };
}

function parts(emitted: EtxRecord[] = [], credited: EtxRecord[] = []): BlockParts {
  const executed: ExecutedBlock = {
    stateRoot: ROOT(99), transactions: [], extTransactions: emitted, creditedEtxs: credited, receipts: [], gasUsed: 0n,
    transactionsRoot: EMPTY_TRIE_ROOT, receiptsRoot: EMPTY_TRIE_ROOT, extTransactionsRoot: EMPTY_TRIE_ROOT,
  };
  return {
    executed, inbound: credited, miner: '0x0000000000000000000000000000000000000002', timestamp: 1_700_000_000n,
    difficulty: 16n, baseFee: 1n, gasLimit: 30_000_000n, uncles: [], extraData: '0x',
  };
}

/** Seal the next block of `zone` with exactly `order`, by trying nonces (real PoW at difficulty 16). */
function seal(net: Network, zone: ChainName, order: 0 | 1 | 2, p: BlockParts = parts()) {
  const header = net.compose(zone, p);
  for (let start = 0n; ; start += 1n) {
    const mined = mineNonce(header, { startNonce: start, maxIterations: 1 });
    if (mined && calcOrder(mined.hash, header.difficulty, header.parentDeltaS, TARGETS) === order) {
      return net.commit(zone, mined.header, mined.hash, p);
    }
    if (start > 1_000_000n) throw new Error('no nonce found');
  }
}

describe('Network', () => {
  it('appends a zone block only to its zone, a region block also to the region, a prime block to all three', () => {
    const net = network('1x1');
    const z = seal(net, 'cyprus1', 2);
    expect(net.store('cyprus1').head).toBe(z);
    expect(net.store('cyprus').height).toBe(0);
    expect(z.header.number).toEqual([1n, 1n, 1n]);
    const r = seal(net, 'cyprus1', 1);
    expect(net.store('cyprus').head.hash).toBe(r.hash);
    expect(net.store('prime').height).toBe(0);
    expect(r.header.number).toEqual([1n, 1n, 2n]);
    const p = seal(net, 'cyprus1', 0);
    expect(net.store('prime').head.hash).toBe(p.hash);
    expect(net.store('cyprus').head.hash).toBe(p.hash);
    expect(p.header.number).toEqual([1n, 2n, 3n]);
    expect(p.header.parentHash).toEqual([net.store('prime').genesis.hash, r.hash, r.hash]);
    expect(blockHash(p.header)).toBe(p.hash);
  });

  it("subManifest of a region block = the zone blocks since the zone's last coincident block, committed by manifestHash[2]", async () => {
    const net = network('1x1');
    const a = seal(net, 'cyprus1', 2);
    const b = seal(net, 'cyprus1', 2);
    const r = seal(net, 'cyprus1', 1);
    expect(r.subManifest[1]).toEqual([a.hash, b.hash]);
    expect(r.header.manifestHash[2]).toBe(await manifestRoot([a.hash, b.hash]));
    const c = seal(net, 'cyprus1', 2);
    const r2 = seal(net, 'cyprus1', 0);
    // The previous region block r starts nothing: the manifest restarts after it.
    expect(r2.subManifest[1]).toEqual([c.hash]);
    // In prime, the region chain's blocks since prime's last block: r (region genesis excluded).
    expect(r2.subManifest[0]).toEqual([r.hash]);
    expect(r2.header.manifestHash[1]).toBe(await manifestRoot([r.hash]));
  });

  it('entropy: a child records its parent total entropy, and parentDeltaS resets after a coincident parent', () => {
    const net = network('1x1');
    const a = seal(net, 'cyprus1', 2);
    const b = seal(net, 'cyprus1', 2);
    expect(b.header.parentEntropy[2]).toBe(a.totalEntropy);
    expect(b.header.parentDeltaS[2]).toBe(a.header.parentDeltaS[2] + a.intrinsicS);
    const r = seal(net, 'cyprus1', 1);
    const c = seal(net, 'cyprus1', 2);
    expect(c.header.parentDeltaS[2]).toBe(0n);
    expect(c.header.parentEntropy[1]).toBe(r.totalEntropy);
    expect(r.totalEntropy).toBe(r.header.parentEntropy[1] + r.header.parentDeltaS[2] + r.intrinsicS);
  });

  it('releases a same-region ETX at the next region block and a cross-region ETX only at a prime block', () => {
    const net = network('2x2');
    const toCyprus2 = etx('0x2000000000000000000000000000000000000001', 1); // 0x20: cyprus2
    const toPaxos1 = etx('0x6000000000000000000000000000000000000001', 2); // 0x60: paxos1
    seal(net, 'cyprus1', 2, parts([toCyprus2, toPaxos1]));
    expect(net.inboundFor('cyprus2')).toEqual([]);
    expect(net.unreleasedFrom('cyprus1')).toHaveLength(2);
    seal(net, 'cyprus1', 1);
    expect(net.inboundFor('cyprus2').map((e) => e.hash)).toEqual([toCyprus2.hash]);
    expect(net.inboundFor('paxos1')).toEqual([]);
    seal(net, 'cyprus1', 0);
    expect(net.inboundFor('paxos1').map((e) => e.hash)).toEqual([toPaxos1.hash]);
    // Credited by the destination's next block: gone from its queue.
    seal(net, 'paxos1', 2, parts([], [toPaxos1]));
    expect(net.inboundFor('paxos1')).toEqual([]);
  });

  it('extRollupRoot accumulates emitted ETXs until a coincident block', () => {
    const net = network('2x1');
    const e1 = etx('0x6000000000000000000000000000000000000001', 1);
    const a = seal(net, 'cyprus1', 2, parts([e1]));
    expect(a.header.extRollupRoot).not.toBe(EMPTY_TRIE_ROOT);
    const b = seal(net, 'cyprus1', 1);
    expect(b.header.extRollupRoot).toBe(a.header.extRollupRoot); // still e1 since the last coincident block
    const c = seal(net, 'cyprus1', 2);
    expect(c.header.extRollupRoot).toBe(EMPTY_TRIE_ROOT);
  });

  it('refuses a header whose region head moved while it was being mined', () => {
    const net = network('1x2');
    const stale = net.compose('cyprus1', parts());
    seal(net, 'cyprus2', 1); // moves the cyprus region head
    expect(net.isCurrent('cyprus1', stale)).toBe(false);
    const mined = mineNonce(stale)!;
    expect(() => net.commit('cyprus1', mined.header, mined.hash, parts())).toThrow(/stale/);
  });
});
