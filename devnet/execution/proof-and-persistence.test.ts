import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Address, type Hex } from 'viem';
import { getChain } from '@/lib/protocol/chains';
import { verifyAccountProof, verifyStorageProof } from '@/lib/protocol/proof';
import { signTransaction } from '@/lib/protocol/transaction';
import { devAccountsOf, genesisAllocFor } from '../accounts';
import { nextInZoneCreateNonce, devTokenDeployData, tokenBalanceSlot } from '../contracts';
import type { BlockContext } from './api';
import { BLOCK_GAS_LIMIT } from './fees';
import { ZoneExecution } from './zone-execution';

const GWEI = 1_000_000_000n;
const [alice] = devAccountsOf('cyprus2');
if (!alice) throw new Error('dev accounts missing');
const MINER: Address = '0x2000000000000000000000000000000000000002';
const ctx = (n: bigint): BlockContext => ({ number: n, timestamp: 1_700_000_000n + n, miner: MINER, baseFee: GWEI, gasLimit: BLOCK_GAS_LIMIT, difficulty: 10n });
const create = (dataDir?: string) =>
  ZoneExecution.create({ chainId: 1337n, zone: getChain('cyprus2'), genesisAlloc: genesisAllocFor('cyprus2'), dataDir });

/** Deploy a DevToken from alice (spending nonces until the CREATE address is in cyprus2) and mine it. */
async function deployToken(zx: ZoneExecution): Promise<{ root: Hex; token: Address }> {
  const { nonce, address } = nextInZoneCreateNonce(alice!.address, 0n, 'cyprus2');
  const base = { type: 0 as const, chainId: 1337n, gasTipCap: GWEI, gasFeeCap: 5n * GWEI, accessList: [] };
  for (let n = 0n; n < nonce; n++) {
    await zx.addRawTransaction(await signTransaction({ ...base, nonce: n, gas: 21_000n, to: alice!.address, value: 1n, data: '0x' }, alice!.privateKey));
  }
  await zx.addRawTransaction(await signTransaction({ ...base, nonce, gas: 1_000_000n, to: null, value: 0n, data: devTokenDeployData(777n) }, alice!.privateKey));
  const block = await zx.executeBlock(zx.genesisStateRoot, ctx(1n), []);
  await zx.onBlockCommitted(block, block.stateRoot);
  expect(block.receipts.every((r) => r.status === 1)).toBe(true);
  return { root: block.stateRoot, token: address };
}

describe('getProof', () => {
  it('returns account and storage proofs that verify against the state root with the project verifier', async () => {
    const zx = await create();
    const { root, token } = await deployToken(zx);
    const slot = tokenBalanceSlot(alice.address);
    const proof = await zx.getProof(root, token, [slot, '0x0']);
    expect(verifyAccountProof(root, proof)).toMatchObject({ ok: true });
    expect(proof.storageProof.map((p) => p.value)).toEqual([777n, 777n]); // balanceOf[alice], totalSupply
    for (const entry of proof.storageProof) expect(verifyStorageProof(proof.storageHash, entry)).toMatchObject({ ok: true });

    const eoa = await zx.getProof(root, alice.address, []);
    expect(eoa.balance).toBe(await zx.getBalance(root, alice.address));
    expect(eoa.nonce).toBe(await zx.getNonce(root, alice.address));
    expect(verifyAccountProof(root, eoa)).toMatchObject({ ok: true });
    // The same proof does not verify against another root (the genesis one), nor with a changed balance.
    expect(verifyAccountProof(zx.genesisStateRoot, eoa).ok).toBe(false);
    expect(verifyAccountProof(root, { ...eoa, balance: eoa.balance + 1n }).ok).toBe(false);
    // An account that does not exist gets a proof of absence.
    const absent = await zx.getProof(root, '0x1e00000000000000000000000000000000000bad', []);
    expect(absent.balance).toBe(0n);
    expect(verifyAccountProof(root, absent)).toMatchObject({ ok: true, existence: 'absent' });
  });
});

describe('persistence', () => {
  it('reopens from the data directory with every committed root readable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'strata-zone-'));
    try {
      const first = await create(dir);
      const { root, token } = await deployToken(first);
      const balance = await first.getBalance(root, alice.address);
      const again = await create(dir);
      expect(again.genesisStateRoot).toBe(first.genesisStateRoot);
      expect(await again.getBalance(root, alice.address)).toBe(balance);
      expect(BigInt(await again.getStorageAt(root, token, '0x0'))).toBe(777n);
      // After the core tells it the head, the pool validates nonces against it.
      await again.setHead(root);
      const stale = await signTransaction(
        { type: 0, chainId: 1337n, nonce: 0n, gasTipCap: GWEI, gasFeeCap: 5n * GWEI, gas: 21_000n, to: alice.address, value: 1n, data: '0x', accessList: [] },
        alice.privateKey,
      );
      await expect(again.addRawTransaction(stale)).rejects.toThrow(/nonce too low/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to read a root it never stored', async () => {
    const zx = await create();
    await expect(zx.getBalance(`0x${'12'.repeat(32)}`, alice.address)).rejects.toThrow(/missing trie node/);
  });
});
