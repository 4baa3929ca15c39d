/**
 * Reading code nobody verified, against a real devnet (1x1) and the process's own index (PGlite,
 * written by the explorer's writer as `npm start` does), with contracts of this test's own
 * (devnet/contracts/ReadingLab.sol, DiamondLab.sol, compiled here by solc as a deployer would):
 * a call decoded from bytecode, Governor's and Safe's calls named from the signature database,
 * a revert named from it, a similar match (the explorer and getsourcecode's SimilarMatch), an
 * EIP-1167 clone (read and written as its implementation; getsourcecode's Proxy), a Diamond's
 * facets from its loupe, a beacon proxy, storage slots named by the verified layout, and
 * hardhat-verify's Sourcify client end to end (a contract verified through /sourcify is verified
 * for Etherscan's getsourcecode too).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import solc from 'solc';
import { concatHex, encodeAbiParameters, encodeFunctionData, toFunctionSelector, type Abi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Sourcify } from '@nomicfoundation/hardhat-verify/sourcify';
import { devAccountsOf } from '@/devnet/accounts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { decodeCallWith } from '@/lib/contracts/verified-abi';
import { contractCreations } from '@/lib/index/readers/contract-creation-reader';
import { tempIndexDir, waitFor } from '@/lib/index/testing/index-test-support';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import { serveEtherscan } from '@/lib/etherscan/testing/serve-etherscan';
import { etherscanContextOf } from '@/lib/server/etherscan/context';
import type { VerifyContext } from '@/lib/server/contracts/verify-context';

const ZONE = 'cyprus1' as const;
const CHAINS = ['prime', 'cyprus', 'cyprus1'] as const;
const VERSION = `v${solc.version().replace(/\.Emscripten.*$/, '')}`;
const SOURCES = join(process.cwd(), 'devnet/contracts');
const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai' };

type Compiled = { abi: Abi; bytecode: Hex; metadata: string };
/** The contracts of `file` as solc compiles `content` (a variant of the file: another comment, another metadata hash). */
function compile(file: string, content = readFileSync(join(SOURCES, file), 'utf8')): Record<string, Compiled> {
  const input = { language: 'Solidity', sources: { [file]: { content } }, settings: { ...SETTINGS, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'metadata'] } } } };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } }; metadata: string }>> };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return Object.fromEntries(Object.entries(out.contracts[file]!).map(([name, c]) => [name, { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex, metadata: c.metadata }]));
}
const labSource = (comment: string) => `${readFileSync(join(SOURCES, 'ReadingLab.sol'), 'utf8')}\n// ${comment}\n`;
const standardJson = (content: string) => ({ language: 'Solidity' as const, sources: { 'ReadingLab.sol': { content } }, settings: SETTINGS });

let devnet: Devnet;
let client: ChainClient;
let sender: Sender;
let lab: Address;
let twin: Address;
let similar: Address;
let clone: Address;
let diamond: Address;
let beaconProxy: Address;
let counterFacet: Address;
let ownerFacet: Address;
let forSourcify: Address;
let sourcifyMetadata: string;
let sourcifyContent: string;
let dir: string;
const LAB = compile('ReadingLab.sol').ReadingLab!;
const LAB_ABI = LAB.abi;

let loaders: {
  code: typeof import('./load-code-abis');
  verified: typeof import('@/lib/server/contracts/load-verified-abis');
  tx: typeof import('@/lib/server/tx/load-tx-abis');
  errors: typeof import('@/lib/server/tx/database-errors');
  trace: typeof import('@/lib/server/tx/load-trace-view');
  jobs: typeof import('@/lib/server/contracts/verify-jobs');
  context: typeof import('@/lib/server/contracts/verify-context');
  service: typeof import('@/lib/server/index/index-service');
  sourcify: typeof import('@/lib/server/contracts/sourcify-api');
  lookup: typeof import('@/lib/server/contracts/load-verified');
};

async function at(): Promise<{ number: bigint; stateRoot: Hex }> {
  const header = await client.getHeaderByNumber({ blockNumber: 'latest' });
  return { number: header!.number[2], stateRoot: header!.stateRoot };
}

async function processContext(): Promise<VerifyContext> {
  const ctx = await loaders.context.verifyContext();
  if ('reason' in ctx) throw new Error(ctx.reason);
  return ctx;
}

async function indexed(address: Address): Promise<void> {
  const ctx = await processContext();
  await waitFor(`the creation of ${address} in the index`, async () => (await contractCreations(ctx.db, [address.toLowerCase() as Address])).length > 0, 120_000);
}

/** Verifies ReadingLab.sol (as `content`) at `address` through the verification store, as verifysourcecode does. */
async function verify(address: Address, content: string): Promise<string> {
  await indexed(address);
  const ctx = await processContext();
  const outcome = await loaders.jobs.submitVerification(
    { address: address.toLowerCase() as Address, input: standardJson(content), contractName: 'ReadingLab.sol:ReadingLab', compilerVersion: VERSION, constructorArguments: null },
    ctx,
  );
  if (outcome.kind !== 'queued') throw new Error(JSON.stringify(outcome));
  return waitFor('the verdict', async () => {
    const status = await loaders.jobs.verificationStatus(outcome.guid, ctx);
    return status.kind === 'found' && status.status.state !== 'pending' ? status.status.result : null;
  }, 120_000);
}

/** EIP-1167's creation code for a clone of `implementation`. */
const cloneCreation = (implementation: Address): Hex => `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 400 });
  dir = tempIndexDir();
  process.env.STRATA_CHAINS = CHAINS.join(',');
  for (const chain of CHAINS) process.env[`STRATA_RPC_${chain.toUpperCase()}`] = devnet.urlOf(chain);
  process.env.STRATA_INDEX = 'on';
  process.env.STRATA_INDEX_DIR = dir;
  process.env.STRATA_SOLC_DOWNLOAD = 'off';
  process.env.STRATA_VERIFY_TIMEOUT_MS = '120000';
  client = createChainClient({ chain: ZONE, url: devnet.urlOf(ZONE), timeoutMs: 10_000 });
  sender = await createSender(devnet, ZONE, client, devAccountsOf(ZONE)[0]!);
  lab = (await sender.deploy(LAB.bytecode)).address;
  twin = (await sender.deploy(compile('ReadingLab.sol', labSource('twin')).ReadingLab!.bytecode)).address;
  similar = (await sender.deploy(compile('ReadingLab.sol', labSource('similar')).ReadingLab!.bytecode)).address;
  clone = (await sender.deploy(cloneCreation(twin))).address;
  sourcifyContent = labSource('sourcify');
  const forSourcifyBuild = compile('ReadingLab.sol', sourcifyContent).ReadingLab!;
  sourcifyMetadata = forSourcifyBuild.metadata;
  forSourcify = (await sender.deploy(forSourcifyBuild.bytecode)).address;
  const lib = compile('DiamondLab.sol');
  counterFacet = (await sender.deploy(lib.CounterFacet!.bytecode)).address;
  ownerFacet = (await sender.deploy(lib.OwnerFacet!.bytecode)).address;
  const selectors = (abi: Abi) => abi.filter((i) => i.type === 'function').map((i) => toFunctionSelector(i as never));
  diamond = (await sender.deploy(concatHex([lib.MiniDiamond!.bytecode, encodeAbiParameters(
    [{ type: 'address[]' }, { type: 'bytes4[][]' }],
    [[counterFacet, ownerFacet], [selectors(lib.CounterFacet!.abi), selectors(lib.OwnerFacet!.abi)]],
  )]))).address;
  const beacon = (await sender.deploy(concatHex([lib.LabBeacon!.bytecode, encodeAbiParameters([{ type: 'address' }], [twin])]))).address;
  beaconProxy = (await sender.deploy(concatHex([lib.LabBeaconProxy!.bytecode, encodeAbiParameters([{ type: 'address' }], [beacon])]))).address;
  loaders = {
    code: await import('./load-code-abis'),
    verified: await import('@/lib/server/contracts/load-verified-abis'),
    tx: await import('@/lib/server/tx/load-tx-abis'),
    errors: await import('@/lib/server/tx/database-errors'),
    trace: await import('@/lib/server/tx/load-trace-view'),
    jobs: await import('@/lib/server/contracts/verify-jobs'),
    context: await import('@/lib/server/contracts/verify-context'),
    service: await import('@/lib/server/index/index-service'),
    sourcify: await import('@/lib/server/contracts/sourcify-api'),
    lookup: await import('@/lib/server/contracts/load-verified'),
  };
}, 240_000);

afterAll(async () => {
  await loaders?.service.closeIndexService();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an unverified contract', () => {
  test('its call is decoded with the argument types read from its bytecode, marked so', async () => {
    const input = encodeFunctionData({ abi: LAB_ABI, functionName: 'stash', args: [sender.account.address, 42n, true] });
    const { tx } = await sender.run(lab, input);
    const abis = await loaders.verified.loadVerifiedAbis(lab, await at());
    expect(abis).toHaveLength(1);
    expect(abis[0]!.origin).toMatchObject({ kind: 'bytecode', via: null });
    const { call, origin } = decodeCallWith(abis, tx.input);
    expect(origin?.kind).toBe('bytecode');
    // No signature names stash(address,uint256,bool): the selector names it, the types are the code's.
    expect(call).toMatchObject({ kind: 'call', functionName: toFunctionSelector('stash(address,uint256,bool)'), signature: `${toFunctionSelector('stash(address,uint256,bool)')}(address,uint256,bool)` });
    if (call.kind !== 'call') throw new Error('not decoded');
    expect(call.args.map((a) => [a.type, a.value])).toEqual([['address', sender.account.address], ['uint256', '42'], ['bool', 'true']]);
  }, 120_000);

  test("a Governor's vote and a Safe's transaction read as themselves, named from the signature database", async () => {
    const abis = await loaders.verified.loadVerifiedAbis(lab, await at());
    const vote = decodeCallWith(abis, encodeFunctionData({ abi: LAB_ABI, functionName: 'castVote', args: [7n, 1] }));
    expect(vote.call).toMatchObject({ kind: 'call', functionName: 'castVote', signature: 'castVote(uint256,uint8)' });
    if (vote.call.kind === 'call') expect(vote.call.args.map((a) => a.name)).toEqual(['proposalId', 'support']);
    const exec = decodeCallWith(abis, encodeFunctionData({ abi: LAB_ABI, functionName: 'execTransaction', args: [twin, 0n, '0x', 0, 0n, 0n, 0n, twin, twin, '0x'] }));
    expect(exec.call).toMatchObject({ kind: 'call', functionName: 'execTransaction' });
    // The view functions read contract lists, and the mutability is the code's.
    const stashOf = abis[0]!.abi.find((f) => f.type === 'function' && f.name === toFunctionSelector('stashOf(address)'));
    expect(stashOf).toMatchObject({ stateMutability: 'view', inputs: [{ type: 'address' }] });
  }, 60_000);

  test('the transaction page names a log and a revert the database knows', async () => {
    const { tx, receipt } = await sender.run(lab, encodeFunctionData({ abi: LAB_ABI, functionName: 'castVote', args: [9n, 1] }));
    const header = await client.getHeaderByNumber({ blockNumber: receipt.blockNumber });
    const abis = await loaders.tx.loadTxAbis({ tx, receipt: { served: true, value: receipt } } as never, header!);
    const vote = abis.logs.get(lab.toLowerCase())?.find((v) => v.origin.kind === 'database');
    expect(vote?.abi[0]).toMatchObject({ type: 'event', name: 'VoteCast' });
    const revert = encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }], [sender.account.address, 0n, 5n]);
    const named = await loaders.errors.databaseErrorsFor([`${toFunctionSelector('ERC20InsufficientBalance(address,uint256,uint256)')}${revert.slice(2)}` as Hex]);
    expect(named.abi).toMatchObject([{ type: 'error', name: 'ERC20InsufficientBalance' }]);
  }, 60_000);
});

describe('verified twins, clones and proxies', () => {
  let etherscan: { origin: string; close(): Promise<void> | void };

  beforeAll(async () => {
    expect(await verify(twin, labSource('twin'))).toBe('Pass - Verified');
    const ctx = await processContext();
    etherscan = await serveEtherscan(etherscanContextOf({
      clients: new Map([[ZONE, client]]),
      index: async () => ({ ready: false, reason: 'not in this test' }),
      verify: async () => ctx,
      chainId: async () => devnet.chainId,
      broadcastEnabled: false,
      expectedChainId: undefined,
    }));
  }, 240_000);

  afterAll(async () => {
    await etherscan?.close();
  });

  const getsourcecode = async (address: Address) =>
    ((await (await fetch(`${etherscan.origin}/api?module=contract&action=getsourcecode&address=${address}`)).json()) as { result: Record<string, string>[] }).result[0]!;

  test('a similar match shows the verified twin, and getsourcecode names it in SimilarMatch', async () => {
    const reading = await loaders.code.loadCodeReading(similar, await at());
    expect(reading?.proven.ok).toBe(true);
    expect(reading?.similar?.address).toBe(twin.toLowerCase());
    expect(reading?.abis[0]?.origin).toMatchObject({ kind: 'similar', address: twin.toLowerCase() });
    const entry = await getsourcecode(similar);
    expect(entry).toMatchObject({ ContractName: 'ReadingLab', SimilarMatch: twin.toLowerCase(), Proxy: '0' });
    expect(entry.SourceCode).toContain('// twin');
  }, 60_000);

  test('an EIP-1167 clone reads and writes as its implementation; getsourcecode says Proxy 1 and the Implementation', async () => {
    const reading = await loaders.code.loadCodeReading(clone, await at());
    expect(reading?.proxy).toEqual({ standard: 'EIP-1167', implementation: twin });
    expect(reading?.abis[0]?.origin).toMatchObject({ kind: 'delegate', via: { standard: 'EIP-1167', proxy: clone }, address: twin });
    expect(reading?.abis[0]?.abi.some((i) => i.type === 'function' && i.name === 'stash')).toBe(true);
    // Written through the clone with the implementation's ABI: the call runs the twin's code on the clone's storage.
    await sender.run(clone, encodeFunctionData({ abi: LAB_ABI, functionName: 'stash', args: [sender.account.address, 5n, false] }));
    const stored = await client.call({ request: { to: clone, data: encodeFunctionData({ abi: LAB_ABI, functionName: 'stashOf', args: [sender.account.address] }) }, blockTag: 'latest' });
    expect(BigInt(stored)).toBe(5n);
    expect(await getsourcecode(clone)).toMatchObject({ Proxy: '1', Implementation: twin.toLowerCase() });
  }, 60_000);

  test("a Diamond's facets come from its loupe, each with its own functions", async () => {
    const reading = await loaders.code.loadCodeReading(diamond, await at());
    expect(reading?.proxy?.standard).toBe('diamond');
    if (reading?.proxy?.standard !== 'diamond') throw new Error('not a diamond');
    expect(reading.proxy.facets.map((f) => f.address)).toEqual([counterFacet, ownerFacet]);
    const byFacet = new Map(reading.abis.map((a) => [a.origin.kind === 'bytecode' ? a.origin.address : '', a]));
    const owner = byFacet.get(ownerFacet);
    expect(owner?.origin).toMatchObject({ kind: 'bytecode', via: { standard: 'diamond', proxy: diamond } });
    expect(owner?.abi.map((f) => (f.type === 'function' ? f.name : '')).sort()).toEqual(['owner', 'transferOwnership']);
    const counter = byFacet.get(counterFacet);
    expect(counter?.abi.map((f) => (f.type === 'function' ? f.name : '')).sort()).toEqual([toFunctionSelector('bump(uint256)'), toFunctionSelector('counted_()')].sort());
  }, 60_000);

  test("a beacon proxy runs what its proven beacon's implementation() names", async () => {
    const reading = await loaders.code.loadCodeReading(beaconProxy, await at());
    expect(reading?.proxy).toMatchObject({ standard: 'beacon', implementation: twin });
    expect(reading?.abis[0]?.origin).toMatchObject({ kind: 'delegate', via: { standard: 'beacon' }, address: twin });
  }, 60_000);

  test("the State changes tab names the verified contract's slots: a value, mapping entries by the transaction's keys, an array's element", async () => {
    const { tx } = await sender.run(twin, encodeFunctionData({ abi: LAB_ABI, functionName: 'castVote', args: [7n, 1] }));
    const view = await loaders.trace.loadTraceView(tx, 'state');
    if (view.kind !== 'ok') throw new Error(`no trace: ${view.kind}`);
    const namer = view.slots.get(twin.toLowerCase());
    expect(namer).toBeDefined();
    const { stateChangesOf } = await import('@/lib/trace/state-changes');
    const account = stateChangesOf(view.trace.diff).find((a) => a.address.toLowerCase() === twin.toLowerCase())!;
    const names = account.storage.map((s) => namer!(s.slot)?.name).sort();
    expect(names).toEqual(
      [
        'history.length',
        'history[0]',
        `lastVoter, lastProposal (byte 20)`,
        `votes[${sender.account.address.toLowerCase()}][7]`,
      ].sort(),
    );
  }, 120_000);
});

describe("hardhat-verify's Sourcify client", () => {
  let server: Server;
  let api: string;

  beforeAll(async () => {
    await indexed(forSourcify);
    const options = { context: await processContext(), chainId: async () => devnet.chainId };
    server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let answer;
      if (req.method === 'POST' && url.pathname === '/sourcify') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        answer = await loaders.sourcify.sourcifyVerify(JSON.parse(Buffer.concat(chunks).toString('utf8')), 'test', options);
      } else {
        answer = await loaders.sourcify.sourcifyCheck(url.searchParams, options);
      }
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sourcify`;
  }, 180_000);

  afterAll(() => server?.close());

  test('verifies with metadata.json and the sources, and the contract is then verified for the Etherscan API and the pages too', async () => {
    const sourcify = new Sourcify(Number(devnet.chainId), api, 'http://localhost');
    expect(await sourcify.isVerified(forSourcify)).toBe(false);
    const response = await sourcify.verify(forSourcify, { 'metadata.json': sourcifyMetadata, 'ReadingLab.sol': sourcifyContent });
    expect(response.isOk()).toBe(true);
    expect(response.status).toBe('perfect');
    expect(await sourcify.isVerified(forSourcify)).toBe('perfect');
    const found = await loaders.lookup.lookupVerifiedContract(forSourcify);
    expect(found).toMatchObject({ state: 'verified', contract: { matchKind: 'full', contractName: 'ReadingLab.sol:ReadingLab' } });
    // A source that is not the one the metadata hashes is refused, saying why.
    await expect(sourcify.verify(lab, { 'metadata.json': sourcifyMetadata, 'ReadingLab.sol': `${sourcifyContent}// edited\n` })).rejects.toThrow(/keccak256 differs/);
  }, 240_000);
});

