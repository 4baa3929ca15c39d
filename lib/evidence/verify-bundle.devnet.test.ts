/**
 * The verifier against bundles a devnet's node gives (1x2: two zones, so an ETX crosses): a token
 * transfer with logs, its block, the token's account with a storage slot, an ETX send and its
 * credit in the other zone all check out, with what cannot be checked said; each tampering a
 * lying explorer could try (a value, a recipient, a log, a receipt status, a state root, a seal,
 * a parent link) fails, naming the check. The same bundles through `npm run verify-bundle`'s
 * entry point: exit 0 with each check, non-zero naming the failing one.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Address, Hash, Hex } from 'viem';
import { devAccountsOf } from '@/devnet/accounts';
import { devTokenDeployData, tokenTransferData } from '@/devnet/contracts/index';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { getChain, type ChainName } from '@/lib/chains';
import { hashWithNonce, sealHash } from '@/lib/protocol/header';
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

const ZONE: ChainName = 'cyprus1';
const OTHER: ChainName = 'cyprus2';
const run = promisify(execFile);

let devnet: Devnet;
let sender: Sender;
let token: Address;
let transfer: Hash;
let etxSend: Hash;
const dir = mkdtempSync(join(tmpdir(), 'strata-evidence-'));

const source = (chain: ChainName) => evidenceSourceOf(createChainClient({ chain, url: devnet.urlOf(chain), timeoutMs: 10_000 }));
const copy = (bundle: EvidenceBundle): EvidenceBundle & Record<string, never> => JSON.parse(JSON.stringify(bundle)) as never;
const failedNames = (r: EvidenceReport) => r.failed.map((c) => c.name);
const status = (r: EvidenceReport, name: string) => r.checks.find((c) => c.name === name)?.status;

async function txBundle(hash: Hash, chain: ChainName = ZONE): Promise<EvidenceBundle> {
  return (await buildTxBundle(source(chain), { chain: getChain(chain), hash })).bundle;
}

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x2', blockTimeMs: 300 });
  const client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
  sender = await createSender(devnet, ZONE, client, devAccountsOf(ZONE)[0]!);
  token = (await sender.deploy(devTokenDeployData(10n ** 24n))).address;
  transfer = (await sender.run(token, tokenTransferData(devAccountsOf(ZONE)[1]!.address, 5n * 10n ** 18n))).tx.hash;
  etxSend = await sender.sendEtx(devAccountsOf(OTHER)[0]!.address, 10n ** 15n);
  await sender.mined(etxSend);
  // A few headers above the transfer's block, so its bundle carries a chain of them.
  await devnet.waitForBlocks(ZONE, 4, 60_000);
}, 120_000);

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
    for (const name of ['header hash', 'seal', 'parent links', 'work', 'transaction in transactions root', 'transaction fields', "sender's signature", 'receipt in receipts root', 'receipt fields', 'account proof: sender', 'account proof: recipient']) {
      expect(status(report, name), name).toBe('pass');
    }
    expect(report.checks.find((c) => c.name === 'receipt in receipts root')?.found).toMatch(/status success, .*1 logs/);
    // No checkpoint pinned: said, not skipped.
    expect(status(report, 'checkpoint')).toBe('unchecked');
    expect(bundle.headers.items.length).toBeGreaterThan(2);
    expect(report.subject).toMatch(/^Transaction 0x[0-9a-f]{64} in block #\d+ of Cyprus 1$/);
  });

  it('a checkpoint among the headers holds; one that is not fails', async () => {
    const bundle = await txBundle(transfer);
    const newest = bundle.headers.items[bundle.headers.items.length - 1]!.hash as Hash;
    expect(status(await verifyBundle(bundle, { checkpoint: newest }), 'checkpoint')).toBe('pass');
    const elsewhere = await verifyBundle(bundle, { checkpoint: `0x${'12'.repeat(32)}` });
    expect(failedNames(elsewhere)).toEqual(['checkpoint']);
  });

  it('a bundle made to reach a checkpoint below the block carries the headers from it', async () => {
    const first = await txBundle(transfer);
    const block = first.headers.items[0]!;
    const below = parseHeader(block).number[2] - 3n;
    const anchor = devnet.network.store(ZONE).atHeight(below)?.hash as Hash | undefined;
    if (!anchor) throw new Error('no block below');
    const built = await buildTxBundle(source(ZONE), { chain: getChain(ZONE), hash: transfer, checkpoint: anchor });
    expect(built.bundle.headers.end).toBe('checkpoint');
    expect(built.bundle.headers.items).toHaveLength(4);
    const report = await verifyBundle(built.bundle, { checkpoint: anchor });
    expect(report.failed).toEqual([]);
    expect(report.checks.find((c) => c.name === 'checkpoint')?.found).toMatch(/3 blocks below the block/);
  });

  it('the block: roots, signatures, receipts, ETX root and uncles hash hold', async () => {
    const tx = await txBundle(transfer);
    const built = await buildBlockBundle(source(ZONE), { chain: getChain(ZONE), hash: tx.subject.block });
    const report = await verifyBundle(built.bundle);
    expect(report.failed).toEqual([]);
    for (const name of ['transactions root', "senders' signatures", 'receipts root', 'external transactions root', 'uncles hash']) expect(status(report, name), name).toBe('pass');
  });

  it("a region block: its headers hold; its body is said to be its zone's", async () => {
    const region = getChain('cyprus');
    const hash = devnet.network.store('cyprus').atHeight(2)?.hash as Hash;
    const report = await verifyBundle((await buildBlockBundle(source('cyprus'), { chain: region, hash })).bundle);
    expect(report.failed).toEqual([]);
    expect(status(report, 'parent links')).toBe('pass');
    expect(report.checks.find((c) => c.name === 'block body')?.detail).toMatch(/zone's bundle of the same block \(\/api\/v1\/evidence\/block\/cyprus[12]\//);
  });

  it('an account as of a block, with a storage slot: the proofs hold', async () => {
    const built = await buildAddressBundle(source(ZONE), { chain: getChain(ZONE), address: token, slots: ['0x0000000000000000000000000000000000000000000000000000000000000000'] });
    const report = await verifyBundle(built.bundle);
    expect(report.failed).toEqual([]);
    expect(status(report, 'account proof')).toBe('pass');
    expect(report.checks.find((c) => c.name === 'storage proofs')?.found).toBe(`slot 0x${'00'.repeat(32)} = 1,000,000,000,000,000,000,000,000`);
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
    await devnet.waitForBlocks(chain, 1, 30_000);
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
    expect(failedNames(await verifyBundle(other))).toEqual(['transaction fields', 'account proof: recipient']);

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
    expect(report.failed[0]).toMatchObject({ name: 'bundle', found: expect.stringMatching(/^bundle\.version: expected version 1/) });
  });
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
    expect(printed.join('\n')).toMatch(/✓ header hash: holds[\s\S]*Checked: \d+ checks hold/);

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
