/**
 * The verifier against bundles a devnet's node gives (1x2 at the default block time, so an ETX
 * crosses and the verifier knows chain 1337's rules): a token transfer with logs, its block, the
 * token's account with a storage slot, a creation, an ETX send and its credit in the other zone
 * all check out, with what cannot be checked said; each tampering a lying explorer could try (a
 * value, a recipient, a log, a receipt status, a state root, a seal, a parent link) fails, naming
 * the check; and forgeries made as a forger would (./testing/forge.ts: re-sealed with real proof
 * of work, relinked, entropy recomputed) fail on what the forger could not do — the difficulty
 * rule, the clock, the work per second from a checkpoint, a checkpoint on the real chain, the
 * created address. The same bundles through `npm run verify-bundle`'s entry point: exit 0 with
 * each check, non-zero naming the failing one.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Address, Hash, Hex } from 'viem';
import { devAccountsOf } from '@/devnet/accounts';
import { devMultiDeployData, devTokenDeployData, tokenTransferData } from '@/devnet/contracts/index';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { mineBlocks } from '@/devnet/test-support/mine-blocks';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import { hashWithNonce, sealHash } from '@/lib/protocol/header';
import { calcDifficulty, type RetargetHeader } from '@/lib/protocol/difficulty';
import { intrinsicEntropy } from '@/lib/protocol/entropy';
import { parseReceipt } from '@/lib/rpc/parse/receipt';
import { nonceToHex, powTarget } from '@/lib/protocol/pow';
import { decodeTransaction, encodeTransaction } from '@/lib/protocol/transaction';
import { createChainClient } from '@/lib/rpc/client';
import { headerFieldsOf } from '@/lib/checks/seal';
import { parseHeader } from '@/lib/rpc/parse/header';
import { evidenceSourceOf } from '@/lib/server/evidence/node-source';
import { buildAddressBundle, buildBlockBundle, buildTxBundle, EvidenceError } from './build-bundle';
import type { EvidenceBundle, NodeJson } from './bundle';
import { jsonRpcSource } from './json-rpc-source';
import { verifyBundle } from './verify-bundle';
import { main } from '@/scripts/verify-bundle-cli';
import type { EvidenceReport } from './report';
import { reseal, type ForgedHeader, type ResealPlan } from './testing/forge';
import { receiptsRoot } from './verify-body';

const ZONE: ChainName = 'cyprus1';
const OTHER: ChainName = 'cyprus2';
const run = promisify(execFile);

let devnet: Devnet;
let sender: Sender;
let token: Address;
let transfer: Hash;
let etxSend: Hash;
let creation: Hash;
let otherContract: Address;
const dir = mkdtempSync(join(tmpdir(), 'strata-evidence-'));

const source = (chain: ChainName) => evidenceSourceOf(createChainClient({ chain, url: devnet.urlOf(chain), timeoutMs: 10_000 }));
const copy = (bundle: EvidenceBundle): EvidenceBundle & Record<string, never> => JSON.parse(JSON.stringify(bundle)) as never;
const failedNames = (r: EvidenceReport) => r.failed.map((c) => c.name);
const status = (r: EvidenceReport, name: string) => r.checks.find((c) => c.name === name)?.status;

async function txBundle(hash: Hash, chain: ChainName = ZONE): Promise<EvidenceBundle> {
  return (await buildTxBundle(source(chain), { chain: getChain(chain), hash })).bundle;
}

beforeAll(async () => {
  // The default block time: the verifier knows chain 1337 by it (sender.mined and mineBlocks hurry the blocks they wait for).
  devnet = await startDevnetOnFreePorts({ topology: '1x2' });
  const client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
  sender = await createSender(devnet, ZONE, client, devAccountsOf(ZONE)[0]!);
  const deployed = await sender.deploy(devTokenDeployData(10n ** 24n));
  token = deployed.address;
  creation = deployed.receipt.transactionHash;
  otherContract = (await sender.deploy(devMultiDeployData())).address;
  transfer = (await sender.run(token, tokenTransferData(devAccountsOf(ZONE)[1]!.address, 5n * 10n ** 18n))).tx.hash;
  etxSend = await sender.sendEtx(devAccountsOf(OTHER)[0]!.address, 10n ** 15n);
  await sender.mined(etxSend);
  // A few headers above the transfer's block, so its bundle carries a chain of them.
  await mineBlocks(devnet, ZONE, 4);
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('verifyBundle: bundles from the devnet', () => {
  it('a token transfer: every check holds, its logs and proofs included', async () => {
    const bundle = await txBundle(transfer);
    const report = await verifyBundle(bundle);
    expect(report.failed).toEqual([]);
    expect(report.verdict).toBe('checked');
    for (const name of [
      'network', 'header hash', 'seal', 'parent links', 'difficulty', 'timestamps', 'work', 'transaction in transactions root', 'transaction fields',
      "sender's signature", 'receipt in receipts root', 'receipt fields', 'account proof: sender', 'account proof: recipient',
    ]) {
      expect(status(report, name), name).toBe('pass');
    }
    expect(report.checks.find((c) => c.name === 'receipt in receipts root')?.found).toMatch(/status success, .*1 logs/);
    expect(report.checks.find((c) => c.name === 'network')?.expected).toMatch(/^chain id 1337 \(local, the Strata devnet\), as the bundle says/);
    expect(report.checks.find((c) => c.name === 'receipt fields')?.detail).toMatch(/In the receipts trie .*: status, cumulativeGasUsed, logsBloom, logs .*, etxs\. Not in it, so derived again here: gasUsed, effectiveGasPrice/);
    // The block's parent and grandparent ride along, so its own difficulty is recomputed too.
    const k = bundle.headers.items.findIndex((h) => h.hash === bundle.subject.block);
    expect(k).toBe(2);
    expect(report.checks.find((c) => c.name === 'difficulty')?.found).toMatch(new RegExp(`^${bundle.headers.items.length - 2} headers`));
    // No checkpoint pinned: said first, and in each check it concerns, never skipped.
    expect(status(report, 'checkpoint')).toBe('unchecked');
    expect(status(report, 'checkpoint work')).toBe('unchecked');
    expect(report.anchor.anchored).toBe(false);
    expect(report.anchor.text).toMatch(/^No checkpoint was given, so this bundle is checked only against itself.*anyone who re-seals these headers/);
    expect(bundle.headers.items.length).toBeGreaterThan(4);
    expect(report.subject).toMatch(/^Transaction 0x[0-9a-f]{64} in block #\d+ of Cyprus 1$/);
  });

  it('a checkpoint among the headers holds; one that is not fails', async () => {
    const bundle = await txBundle(transfer);
    const newest = bundle.headers.items[bundle.headers.items.length - 1]!.hash as Hash;
    const anchored = await verifyBundle(bundle, { checkpoint: newest });
    expect(status(anchored, 'checkpoint')).toBe('pass');
    expect(status(anchored, 'checkpoint work')).toBe('pass');
    expect(anchored.anchor).toMatchObject({ anchored: true, text: expect.stringMatching(/headers above the block: the hash links fix every header/) });
    const elsewhere = await verifyBundle(bundle, { checkpoint: `0x${'12'.repeat(32)}` });
    expect(failedNames(elsewhere)).toEqual(['checkpoint']);
  });

  it('a bundle made to reach a checkpoint below the block carries the headers from it', async () => {
    const first = await txBundle(transfer);
    const block = first.headers.items.find((h) => h.hash === first.subject.block)!;
    const below = parseHeader(block).number[2] - 3n;
    const anchor = devnet.network.store(ZONE).atHeight(below)?.hash as Hash | undefined;
    if (!anchor) throw new Error('no block below');
    const built = await buildTxBundle(source(ZONE), { chain: getChain(ZONE), hash: transfer, checkpoint: anchor });
    expect(built.bundle.headers.end).toBe('checkpoint');
    expect(built.bundle.headers.items).toHaveLength(6); // the checkpoint's parent and grandparent, it, two between, the block
    const report = await verifyBundle(built.bundle, { checkpoint: anchor });
    expect(report.failed).toEqual([]);
    expect(report.checks.find((c) => c.name === 'checkpoint')?.found).toMatch(/3 blocks below the block/);
    expect(report.checks.find((c) => c.name === 'checkpoint work')).toMatchObject({ status: 'pass', found: expect.stringMatching(/^from your checkpoint #\d+: Σ difficulty [\d,]+ to the block \(3 headers\)/) });
  });

  it('the block: roots, signatures, receipts, ETX root and uncles hash hold', async () => {
    const tx = await txBundle(transfer);
    const built = await buildBlockBundle(source(ZONE), { chain: getChain(ZONE), hash: tx.subject.block });
    const report = await verifyBundle(built.bundle);
    expect(report.failed).toEqual([]);
    for (const name of ['transactions root', "senders' signatures", 'receipts root', 'external transactions root', 'uncles hash']) expect(status(report, name), name).toBe('pass');
  });

  it("a region block: its headers hold, their difficulty at least the minimum; its body is said to be its zone's", async () => {
    const region = getChain('cyprus');
    const hash = devnet.network.store('cyprus').atHeight(2)?.hash as Hash;
    const report = await verifyBundle((await buildBlockBundle(source('cyprus'), { chain: region, hash })).bundle);
    expect(report.failed).toEqual([]);
    expect(status(report, 'parent links')).toBe('pass');
    expect(report.checks.find((c) => c.name === 'difficulty')).toMatchObject({ status: 'unchecked', detail: expect.stringMatching(/at least the minimum 600\. .*its own zone's chain/) });
    expect(report.checks.find((c) => c.name === 'block body')?.detail).toMatch(/zone's bundle of the same block \(\/api\/v1\/evidence\/block\/cyprus[12]\//);
  });

  it("a zone block coincident with its region: the region's headers building on it are checked and their work reported", async () => {
    await mineBlocks(devnet, 'cyprus', 3, 120_000);
    const store = devnet.network.store(ZONE);
    const region = devnet.network.store('cyprus');
    let coincident: Hash | undefined;
    for (let h = store.height - 1; h > 2 && !coincident; h--) {
      const b = store.atHeight(h);
      if (b && b.order <= 1 && region.height - Number(b.header.number[1]) >= 2) coincident = b.hash as Hash;
    }
    if (!coincident) throw new Error('no coincident zone block with region blocks above it');
    const built = await buildBlockBundle(source(ZONE), { chain: getChain(ZONE), hash: coincident, dominant: { 1: source('cyprus'), 0: source('prime') } });
    expect(built.bundle.dominant?.[0]?.context).toBe(1);
    const report = await verifyBundle(built.bundle);
    expect(report.failed).toEqual([]);
    expect(report.checks.find((c) => c.name === 'dominant chains')).toMatchObject({ status: 'pass', found: expect.stringMatching(/^the block itself is a Cyprus block; \d+ Cyprus headers #\d+–#\d+ build on it: Σ difficulty [\d,]+/) });

    // A dominant header that does not link: named.
    const b = copy(built.bundle);
    const items = b.dominant![0]!.items as Record<string, unknown>[];
    items.splice(1, 1);
    expect(failedNames(await verifyBundle(b))).toEqual(['dominant chains']);
    // Without the region's node: said, not counted.
    const alone = await verifyBundle((await buildBlockBundle(source(ZONE), { chain: getChain(ZONE), hash: coincident })).bundle);
    expect(alone.checks.find((c) => c.name === 'dominant chains')).toMatchObject({ status: 'unchecked', detail: expect.stringMatching(/^The block itself is coincident with Cyprus, but the bundle carries none of Cyprus's headers/) });
  });

  it('an account as of a block, with a storage slot: the proofs hold', async () => {
    const built = await buildAddressBundle(source(ZONE), { chain: getChain(ZONE), address: token, slots: ['0x0000000000000000000000000000000000000000000000000000000000000000'] });
    const report = await verifyBundle(built.bundle);
    expect(report.failed).toEqual([]);
    expect(status(report, 'account proof')).toBe('pass');
    expect(report.checks.find((c) => c.name === 'storage proofs')?.found).toBe(`slot 0x${'00'.repeat(32)} = 1,000,000,000,000,000,000,000,000`);
  });

  it('a creation: the created address derived from sender and nonce, the receipt and the proof of its code agree', async () => {
    const report = await verifyBundle(await txBundle(creation));
    expect(report.failed).toEqual([]);
    const created = report.checks.find((c) => c.name === 'created address');
    expect(created?.status).toBe('pass');
    expect(created?.found.toLowerCase()).toMatch(new RegExp(`^${token.toLowerCase()} = keccak256\\(rlp\\(\\[sender, nonce\\]\\)\\)\\[12:\\] of sender ${sender.account.address.toLowerCase()} and nonce \\d+$`));
    expect(status(report, 'account proof: recipient')).toBe('pass');
  });

  it("a bundle gathered from the node by the browser's source checks out the same", async () => {
    const built = await buildTxBundle(jsonRpcSource(devnet.urlOf(ZONE)), { chain: getChain(ZONE), hash: transfer });
    expect(built.bundle.source).toBe('node');
    expect((await verifyBundle(built.bundle)).failed).toEqual([]);
  });

  it("an ETX: the send proves its sender, says the recipient lives in the other zone; the credit says its origin is not checked", async () => {
    const send = await verifyBundle(await txBundle(etxSend));
    expect(send.failed).toEqual([]);
    expect(status(send, "sender's signature")).toBe('pass');
    expect(send.checks.find((c) => c.name === 'account proof: recipient')?.detail).toMatch(/lives in Cyprus 2/);

    const etxHash = await etxOf(etxSend);
    if (!etxHash) throw new Error('the send emitted no ETX');
    await waitForTx(OTHER, etxHash);
    const credit = await verifyBundle(await txBundle(etxHash, OTHER));
    expect(credit.failed).toEqual([]);
    expect(status(credit, "sender's signature")).toBe('unchecked');
    expect(credit.checks.find((c) => c.name === "sender's signature")?.detail).toMatch(/origin is not checked until the manifests/);
    expect(credit.checks.find((c) => c.name === 'account proof: sender')?.detail).toMatch(/lives in Cyprus 1/);
  });

  it('refuses what cannot be a bundle: an unknown transaction, a checkpoint of another chain', async () => {
    await expect(txBundle(`0x${'11'.repeat(32)}`)).rejects.toThrow(EvidenceError);
    const elsewhere = devnet.network.store(OTHER).atHeight(1)?.hash as Hash;
    await expect(buildTxBundle(source(ZONE), { chain: getChain(ZONE), hash: transfer, checkpoint: elsewhere })).rejects.toThrow(/not a block of Cyprus 1/);
  });
});

async function etxOf(hash: Hash): Promise<Hash | undefined> {
  const client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE) });
  const receipt = await client.getTransactionReceipt({ hash });
  return receipt?.etxs[0]?.hash;
}

async function waitForTx(chain: ChainName, hash: Hash): Promise<void> {
  const client = createChainClient({ chain, url: devnet.urlOf(chain) });
  for (let i = 0; i < 300; i++) {
    const tx = await client.getTransactionByHash({ hash });
    if (tx?.blockHash) return;
    await mineBlocks(devnet, chain, 1, 30_000);
  }
  throw new Error(`${hash} never arrived on ${chain}`);
}

describe('verifyBundle: tampering is caught, naming the check', () => {
  let honest: EvidenceBundle;
  let index: number;
  beforeAll(async () => {
    honest = await txBundle(transfer);
    index = Number((honest.transaction as NodeJson).transactionIndex);
  });
  const receiptAt = (b: EvidenceBundle) => (b.body!.receipts as NodeJson[])[index] as Record<string, unknown> & { logs: Record<string, unknown>[] };

  it('a changed value', async () => {
    const b = copy(honest);
    (b.transaction as Record<string, unknown>).value = '0x1';
    expect(failedNames(await verifyBundle(b))).toEqual(['transaction fields']);
  });

  it('a changed recipient: in the node\'s object, and in the raw bytes', async () => {
    const other = copy(honest);
    (other.transaction as Record<string, unknown>).to = '0x00000000000000000000000000000000000000aa';
    expect(failedNames(await verifyBundle(other))).toEqual(['transaction fields', 'receipt fields', 'account proof: recipient']);

    const b = copy(honest);
    const raws = b.body!.transactions as Hex[];
    const decoded = decodeTransaction(raws[index]!);
    if (decoded.type === 1) throw new Error('unexpected ETX');
    raws[index] = encodeTransaction({ ...decoded, to: '0x00000000000000000000000000000000000000aa' });
    const report = await verifyBundle(b);
    expect(failedNames(report)).toContain('transaction in transactions root');
  });

  it('a changed log', async () => {
    const b = copy(honest);
    const log = receiptAt(b).logs[0]!;
    log.data = `0x${'00'.repeat(31)}01`;
    expect(failedNames(await verifyBundle(b))).toEqual(['receipt in receipts root']);
  });

  it('a changed receipt status', async () => {
    const b = copy(honest);
    receiptAt(b).status = '0x0';
    expect(failedNames(await verifyBundle(b))).toEqual(['receipt in receipts root']);
  });

  it('a changed state root', async () => {
    const b = copy(honest);
    const block = (b.headers.items as Record<string, unknown>[]).find((h) => h.hash === b.subject.block)!;
    block.stateRoot = `0x${'ab'.repeat(32)}`;
    const report = await verifyBundle(b);
    expect(failedNames(report)).toEqual(expect.arrayContaining(['header hash', 'account proof: sender', 'account proof: recipient']));
  });

  it('a forged seal: the header re-hashed with a nonce that does no work', async () => {
    const b = copy(honest);
    const items = b.headers.items as Record<string, unknown>[];
    const k = items.findIndex((h) => h.hash === b.subject.block);
    const fields = headerFieldsOf(parseHeader(items[k])).fields;
    const seal = sealHash(fields);
    const target = powTarget(fields.difficulty);
    let nonce = 0n;
    while (BigInt(hashWithNonce(seal, nonceToHex(nonce))) <= target) nonce++;
    const forged = hashWithNonce(seal, nonceToHex(nonce));
    items[k] = { ...items[k], nonce: nonceToHex(nonce), hash: forged };
    (b as { subject: { block: string } }).subject.block = forged;
    const report = await verifyBundle(b);
    expect(status(report, 'header hash')).toBe('pass');
    expect(failedNames(report)).toContain('seal');
  });

  it('a broken parent link: a header left out of the chain', async () => {
    const b = copy(honest);
    const items = b.headers.items as unknown[];
    items.splice(items.length - 2, 1);
    expect(failedNames(await verifyBundle(b))).toContain('parent links');
  });

  it('something that is not a bundle', async () => {
    const report = await verifyBundle({ format: 'strata-evidence', version: 9 });
    expect(report.verdict).toBe('failed');
    expect(report.failed[0]).toMatchObject({ name: 'bundle', found: expect.stringMatching(/^bundle\.version: expected version 2/) });
  });
});

/**
 * Forgeries made as a forger would make them (./testing/forge.ts): a receipt changed (the
 * transfer "reverted"), its receipts root recomputed, and the block and every header above it
 * re-sealed with real proof of work, relinked, their entropy recomputed; the bundle's other parts
 * made to agree. Each passes the hash, seal, parent-link and entropy checks — and fails on what
 * it could not do without the work.
 */
describe('verifyBundle: forgeries re-sealed with real work fail, naming the check', () => {
  let honest: EvidenceBundle;
  let k: number;
  const fields = (h: ForgedHeader): RetargetHeader => ({ number: h.fields.number[2], difficulty: h.fields.difficulty, timestamp: h.fields.timestamp, sha3Uncles: h.fields.sha3Uncles });
  /** The devnet's own rule from the (forged) headers below: what an honest miner would have sealed at. */
  const byRule = (i: number, below: readonly ForgedHeader[]) => calcDifficulty(devnet.rules.difficulty, fields(below[i - 1]!), below[i - 2] ? fields(below[i - 2]!) : undefined);

  beforeAll(async () => {
    honest = await txBundle(transfer);
    k = honest.headers.items.findIndex((h) => h.hash === honest.subject.block);
  });

  /** The honest bundle with its block's receipt turned to "reverted" and its headers from the block re-sealed by `plan`. */
  function forge(plan: Omit<ResealPlan, 'context' | 'targets' | 'change'>): EvidenceBundle & Record<string, never> {
    const b = copy(honest);
    const index = Number((b.transaction as NodeJson).transactionIndex);
    const receipts = b.body!.receipts as Record<string, unknown>[];
    receipts[index]!.status = '0x0';
    const root = receiptsRoot(receipts.map((r) => parseReceipt(r)));
    if ('error' in root) throw new Error(root.error);
    const items = reseal(b.headers.items, k, {
      ...plan,
      context: 2,
      targets: devnet.rules.orderTargets,
      change: (i, f) => (i === k ? { ...f, receiptsRoot: root.root } : f),
    });
    const block = items[k]!.hash as Hash;
    const above = items.slice(k + 1);
    const forged = {
      ...b,
      subject: { ...b.subject, block },
      transaction: { ...(b.transaction as NodeJson), blockHash: block },
      body: { ...b.body!, receipts: receipts.map((r) => ({ ...r, blockHash: block, logs: (r.logs as NodeJson[]).map((l) => ({ ...l, blockHash: block })) })) },
      headers: {
        ...b.headers,
        items,
        work: {
          headers: above.length,
          difficulty: `0x${above.reduce((sum, h) => sum + BigInt(h.difficulty as string), 0n).toString(16)}`,
          entropy: `0x${above.reduce((sum, h) => sum + intrinsicEntropy(h.hash as Hash), 0n).toString(16)}`,
        },
      },
    };
    return forged as never;
  }
  const held = (r: EvidenceReport) => ['header hash', 'seal', 'parent links', 'work', 'receipt in receipts root', 'account proof: sender'].filter((n) => status(r, n) !== 'pass');
  const below = () => honest.headers.items[k - 1]!.hash as Hash;

  it('the reported forgery: the block and the headers above it re-sealed at difficulty 1 — without a checkpoint, and with one below the block', async () => {
    const forged = forge({ difficulty: () => 1n });
    const alone = await verifyBundle(forged);
    expect(held(alone)).toEqual([]);
    expect(failedNames(alone)).toEqual(['difficulty']);
    expect(alone.checks.find((c) => c.name === 'difficulty')?.found).toBe('difficulty 1');
    const pinned = await verifyBundle(forged, { checkpoint: below() });
    expect(held(pinned)).toEqual([]);
    expect(failedNames(pinned)).toEqual(['difficulty', 'checkpoint work']);
  }, 60_000);

  it('a difficulty one step off: one header above the block sealed at the rule\'s difficulty + 1', async () => {
    const off = k + 1;
    const forged = forge({ difficulty: (i, b) => byRule(i, b) + (i === off ? 1n : 0n) });
    const report = await verifyBundle(forged);
    expect(held(report)).toEqual([]);
    expect(failedNames(report)).toEqual(['difficulty']);
    expect(report.checks.find((c) => c.name === 'difficulty')?.expected).toMatch(/^header #\d+'s difficulty [\d,]+, as the rule gives it/);
  }, 60_000);

  it('a fork that follows the rule but claims long intervals to lower the difficulty: its timestamps run past the clock; past a clock set ahead, its work per second gives it away', async () => {
    const forged = forge({ difficulty: byRule, timestamp: (i, b) => b[i - 1]!.fields.timestamp + 30n });
    const now = await verifyBundle(forged, { checkpoint: below() });
    expect(held(now)).toEqual([]);
    expect(failedNames(now)).toContain('timestamps');
    expect(status(now, 'difficulty')).toBe('pass');
    const later = await verifyBundle(forged, { checkpoint: below(), now: () => Date.now() + 3_600_000 });
    expect(failedNames(later)).toEqual(['checkpoint work']);
    expect(later.checks.find((c) => c.name === 'checkpoint work')?.found).toMatch(/hashes\/s \(\d+% of your checkpoint's\)$/);
  }, 60_000);

  it('a checkpoint on another fork: a fork that does the honest work fails against a header of the real chain above the block', async () => {
    const forged = forge({ difficulty: byRule });
    const real = honest.headers.items[honest.headers.items.length - 1]!.hash as Hash;
    const report = await verifyBundle(forged, { checkpoint: real });
    expect(held(report)).toEqual([]);
    expect(failedNames(report)).toEqual(['checkpoint']);
    // Unanchored, or anchored only below the block, such a fork is not told apart — and the report says so first.
    const alone = await verifyBundle(forged);
    expect(alone.verdict).toBe('checked');
    expect(alone.anchor.anchored).toBe(false);
    const onlyBelow = await verifyBundle(forged, { checkpoint: below() });
    expect(onlyBelow.failed).toEqual([]);
    expect(onlyBelow.anchor.text).toMatch(/A fork from your checkpoint would need as much; a checkpoint above the block would rule forks out by hash/);
  }, 60_000);

  it("the creation swap: the receipt's contractAddress and the recipient's proof replaced by another existing contract's", async () => {
    const b = copy(await txBundle(creation));
    const index = Number((b.transaction as NodeJson).transactionIndex);
    (b.body!.receipts as Record<string, unknown>[])[index]!.contractAddress = otherContract.toLowerCase();
    const height = BigInt((b.transaction as NodeJson).blockNumber as string);
    const proof = await createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE) }).transport.request('quai_getProof', [otherContract, [], `0x${height.toString(16)}`], (r) => r as NodeJson);
    const accounts = b.accounts as unknown as { role: string; address: string; proof: unknown }[];
    const recipient = accounts.find((a) => a.role === 'recipient')!;
    recipient.address = otherContract;
    recipient.proof = proof;
    const report = await verifyBundle(b);
    expect(status(report, 'receipt in receipts root')).toBe('pass'); // contractAddress is not in the trie
    expect(failedNames(report)).toEqual(['created address', 'account proof: recipient']);
    expect(report.checks.find((c) => c.name === 'created address')?.detail).toMatch(/derived, not chosen/);
  }, 60_000);
});

describe('npm run verify-bundle', () => {
  it('exits 0 printing each check; non-zero naming the failing check (the bin, through tsx, with no build)', async () => {
    const honest = await txBundle(transfer);
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(honest));
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((text: unknown) => void printed.push(String(text)));
    try {
      expect(await main([good])).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(printed.join('\n')).toMatch(/^Transaction 0x[0-9a-f]{64} in block #\d+ of Cyprus 1\n\nNOT ANCHORED: No checkpoint was given[\s\S]*✓ header hash: holds[\s\S]*✓ difficulty: holds[\s\S]*Checked: \d+ checks hold/);

    // The package's bin as npx runs it: a process of its own, from another working directory.
    const tampered = copy(honest);
    ((tampered.body!.receipts as NodeJson[])[0] as Record<string, unknown>).status = '0x0';
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify(tampered));
    const bin = join(import.meta.dirname, '..', '..', 'scripts', 'verify-bundle.mjs');
    const failed = await run(process.execPath, [bin, bad], { cwd: dir }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/✗ receipt in receipts root: FAILS[\s\S]*Failed: receipt in receipts root\./);
  }, 180_000);
});
