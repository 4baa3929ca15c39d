/**
 * The verifier on a real colosseum header (go-quai v0.11, whose layout has a terminusHash JSON
 * does not show, so its hash does not recompute here): on colosseum it is "could not be checked"
 * with the reason, never forged — and the same header claimed for the devnet, whose layout this
 * verifier knows, fails. A bundle of another network than the reader asked for fails `network`.
 */
import { describe, expect, it } from 'vitest';
import { BLOCK_0x15e } from '@/lib/protocol/colosseum.fixture';
import { EVIDENCE_FORMAT, EVIDENCE_VERSION } from './bundle';
import { verifyBundle } from './verify-bundle';

const q = (n: bigint) => `0x${n.toString(16)}`;
const b = BLOCK_0x15e;
const ADDRESS = '0x0d79b69c082e2ea6b3a4b3e7b4a8e2b6d7e3a1c2';

/** An address bundle as a colosseum node would give it (its header in the node's JSON, no proof served). */
function colosseumBundle(chainId: bigint) {
  return {
    format: EVIDENCE_FORMAT,
    version: EVIDENCE_VERSION,
    kind: 'address',
    chain: 'cyprus1',
    chainId: q(chainId),
    createdAt: '2023-07-31T16:30:00.000Z',
    source: 'node',
    subject: { block: b.hash, address: ADDRESS },
    headers: {
      context: 2,
      end: 'tip',
      items: [
        {
          baseFeePerGas: q(b.baseFeePerGas), difficulty: q(b.difficulty), extRollupRoot: b.extRollupRoot, extTransactionsRoot: b.extTransactionsRoot,
          extraData: b.extraData, gasLimit: q(b.gasLimit), gasUsed: q(b.gasUsed), hash: b.hash, location: b.location, manifestHash: [...b.manifestHash],
          miner: b.miner, nonce: b.nonce, number: b.number.map(q), parentDeltaS: b.parentDeltaS.map(q), parentEntropy: b.parentEntropy.map(q),
          parentHash: [...b.parentHash], receiptsRoot: b.receiptsRoot, sha3Uncles: b.sha3Uncles, stateRoot: b.stateRoot, timestamp: q(b.timestamp),
          transactionsRoot: b.transactionsRoot, order: b.order, totalEntropy: q(b.totalEntropy!),
        },
      ],
      work: { headers: 0, difficulty: '0x0', entropy: '0x0' },
    },
    accounts: [{ role: 'account', address: ADDRESS, proof: { unavailable: 'the node answered: method not found' } }],
  };
}

const statusOf = (r: Awaited<ReturnType<typeof verifyBundle>>, name: string) => r.checks.find((c) => c.name === name);

describe('verifyBundle: a live network whose header layout differs', () => {
  it("says a colosseum header's hash, seal and difficulty could not be checked, and why — never forged", async () => {
    const report = await verifyBundle(colosseumBundle(9000n));
    expect(report.failed).toEqual([]);
    expect(statusOf(report, 'network')).toMatchObject({ status: 'pass', expected: expect.stringMatching(/^chain id 9000 \(colosseum\)/) });
    for (const name of ['header hash', 'seal', 'difficulty']) {
      expect(statusOf(report, name)).toMatchObject({ status: 'unchecked', detail: expect.stringMatching(/layouts this verifier cannot rebuild/) });
    }
    // The entropy go-quai wrote is still what the hash gives.
    expect(statusOf(report, 'work')?.status).toBe('pass');
    expect(report.anchor.anchored).toBe(false);
  });

  it('calls the same header changed when it claims a network whose layout this verifier knows', async () => {
    const report = await verifyBundle(colosseumBundle(1337n));
    expect(report.failed.map((c) => c.name)).toContain('header hash');
  });

  it('fails a bundle of another network than the one the reader asked for', async () => {
    const report = await verifyBundle(colosseumBundle(9000n), { chainId: 1337n });
    expect(report.failed.map((c) => c.name)).toContain('network');
  });

  it('checks what it can of a network it does not know, and says the difficulty cannot be', async () => {
    const report = await verifyBundle(colosseumBundle(424242n));
    expect(statusOf(report, 'network')).toMatchObject({ status: 'unchecked', detail: expect.stringMatching(/^Chain id 424242 is not a network this verifier knows/) });
    expect(statusOf(report, 'difficulty')?.status).toBe('unchecked');
  });
});
