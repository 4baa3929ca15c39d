/**
 * Verification end to end, driven by the real @nomicfoundation/hardhat-verify client (its
 * Etherscan class) over HTTP against a devnet, on PGlite and on a real PostgreSQL: a two-file
 * contract with a linked library, an immutable and constructor arguments, deployed with a 4-byte
 * salt after its arguments at an in-zone (grinded) address. Its sources are compiled here by solc
 * as a deployer would; the explorer compiles them again on its worker thread and matches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import solc from 'solc';
import { concatHex, encodeAbiParameters, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { Etherscan } from '@nomicfoundation/hardhat-verify/etherscan';
import { devAccountsOf } from '@/devnet/accounts';
import type { Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import type { Db } from '@/lib/index/drivers/db';
import { DERIVATIONS } from '@/lib/index/derivations/index';
import { MIGRATIONS } from '@/lib/index/migrations/index';
import { migrate } from '@/lib/index/migrations/migrate';
import { zoneSources } from '@/lib/index/engine/sources';
import { devnetConfig, tempIndexDir, waitFor } from '@/lib/index/testing/index-test-support';
import { startTestPostgres, type TestPostgres } from '@/lib/index/testing/test-postgres';
import { openIndex } from '@/lib/index/open-index';
import { openPostgres } from '@/lib/index/drivers/postgres-driver';
import { contractCreations } from '@/lib/index/readers/contract-creation-reader';
import { testDrivers } from '@/lib/index/testing/test-drivers';
import { startIndexWriter } from '@/lib/index/writer';
import { createChainClient } from '@/lib/rpc/client';
import { loadCompilerConfig } from './solc/compilers';
import { wakeRunner } from './job-runner';
import { insertJob, jobStatus, verifiedEpochOf } from '@/lib/index/contracts/verify-store';
import { pruneFinishedJobs } from '@/lib/index/contracts/verify-queue';
import { CLIENT_HEADER } from '@/lib/http/rate-limit';
import { loadQueueConfig, MAX_INPUT_BYTES } from './queue-config';
import { verifiedEpoch } from './verified-epoch';
import { nodeOfClient, type VerifyContext } from './verify-context';
import { serveContractApi, type ServedContractApi } from './testing/serve-contract-api';

const FIXTURE = join(process.cwd(), 'devnet/contracts/verify-fixture');
const SOURCES = ['contracts/MathLib.sol', 'contracts/Vault.sol'];
const VERSION = `v${solc.version().replace(/\.Emscripten.*$/, '')}`;
const SALT = '0x5a17c0de';

type Input = { language: 'Solidity'; sources: Record<string, { content: string }>; settings: Record<string, unknown> };

function inputOf(libraries: Record<string, Record<string, string>> = {}, edit: (path: string, text: string) => string = (_p, t) => t): Input {
  return {
    language: 'Solidity',
    sources: Object.fromEntries(SOURCES.map((p) => [p, { content: edit(p, readFileSync(join(FIXTURE, p), 'utf8')) }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'shanghai',
      libraries,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
}

/** A source file of comment lines, about `bytes` long: compiling it costs time and stack, nothing else. */
function paddingSource(bytes: number): string {
  const line = `// ${'x'.repeat(96)}\n`;
  return line.repeat(Math.ceil(bytes / line.length));
}

function bytecodeOf(input: Input, path: string, name: string): Hex {
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as { contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>> };
  return `0x${out.contracts[path]![name]!.evm.bytecode.object}`;
}

/** Resolves once the job has a verdict in `db` (the client's next status request then reads it). */
const verdictIn = (db: Db, guid: string) =>
  waitFor(`job ${guid}'s verdict`, async () => {
    const job = await jobStatus(db, guid);
    return job !== null && job.state !== 'pending';
  }, 120_000);

let devnet: Devnet;
let sender: Sender;
let library: Address;
let vault: Address;
let input: Input;
let args: Hex;
let deployBlock: bigint;

beforeAll(async () => {
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 400 });
  const client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
  sender = await createSender(devnet, 'cyprus1', client, devAccountsOf('cyprus1')[0]!);
  library = (await sender.deploy(bytecodeOf(inputOf(), 'contracts/MathLib.sol', 'MathLib'))).address;
  input = inputOf({ 'contracts/MathLib.sol': { MathLib: library } });
  args = encodeAbiParameters([{ type: 'uint256' }, { type: 'string' }], [1000n, 'strata vault']);
  const deployed = await sender.deploy(concatHex([bytecodeOf(input, 'contracts/Vault.sol', 'Vault'), args, SALT]));
  vault = deployed.address;
  deployBlock = deployed.receipt.blockNumber;
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
});

const serve = (context: VerifyContext) => serveContractApi(context, devnet.chainId);

const drivers = testDrivers();
afterAll(async () => {
  for (const d of drivers) await d.cleanup();
});

describe.each(drivers)('verification on $name', (driver) => {
  let db: Db;
  let api: string;
  let server: ServedContractApi['server'];
  let etherscan: Etherscan;
  let context: VerifyContext;

  beforeAll(async () => {
    db = await driver.open();
    await migrate(db, MIGRATIONS, DERIVATIONS);
    const sources = zoneSources(devnetConfig(devnet)).filter((s) => s.chain === 'cyprus1');
    await startIndexWriter({ db, sources, from: 0n, concurrency: 8, until: deployBlock, progressMs: 0 }).done;
    const client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
    context = {
      db, node: () => nodeOfClient(client), worker: `test-${driver.name}`,
      compilers: loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off', STRATA_VERIFY_TIMEOUT_MS: '120000' }),
    };
    ({ url: api, server } = await serve(context));
    etherscan = new Etherscan('any-key', api, 'http://localhost:3000', undefined);
  }, 180_000);

  afterAll(async () => {
    server?.close();
    await db?.close();
  });

  /**
   * hardhat-verify's status call: while the job is pending it asks again every 3 s, as a deployer's
   * does. The first verification on each database goes through that wait (`clientPolls`); the
   * others wait for the job's verdict in the database, so that the client's one request reads it.
   */
  const statusOf = async (guid: string, { clientPolls = false } = {}) => {
    if (!clientPolls) await verdictIn(db, guid);
    return etherscan.getVerificationStatus(guid);
  };

  const verify = async (source: Input, { name = 'contracts/Vault.sol:Vault', version = VERSION, ctorArgs = args.slice(2), clientPolls = false } = {}) => {
    const { message: guid } = await etherscan.verify(vault, JSON.stringify(source), name, version, ctorArgs);
    return statusOf(guid, { clientPolls });
  };

  test('the index records the creation (getcontractcreation)', async () => {
    const json = await (await fetch(`${api}?module=contract&action=getcontractcreation&contractaddresses=${vault},${library}`)).json();
    expect(json.status).toBe('1');
    expect(json.result).toHaveLength(2);
    expect(json.result[0]).toMatchObject({ contractAddress: vault.toLowerCase(), contractCreator: sender.account.address.toLowerCase() });
  });

  test('an unverified contract: getabi status 0, getsourcecode an empty SourceCode, isVerified false', async () => {
    expect(await etherscan.isVerified(vault)).toBe(false);
    const abi = await (await fetch(`${api}?module=contract&action=getabi&address=${vault}`)).json();
    expect(abi).toMatchObject({ status: '0', result: 'Contract source code not verified' });
  });

  /**
   * The stored transaction pages are keyed by the verified contracts' epoch (verified-epoch.ts):
   * by the time a verdict can be read, this process's epoch is the database's, and it moved with
   * the verification. Read as a reader sent by the verdict would.
   */
  let lastEpoch = '';
  const epochWhenVerdictRead = async () => {
    const held = verifiedEpoch();
    expect(held).toBe(await verifiedEpochOf(db));
    const moved = held !== lastEpoch;
    lastEpoch = held;
    return moved;
  };

  test('one changed line fails: "Fail - Unable to verify"', async () => {
    lastEpoch = await verifiedEpochOf(db);
    const changed = inputOf(input.settings.libraries as Record<string, Record<string, string>>, (p, t) =>
      p.endsWith('Vault.sol') ? t.replace('MathLib.scaled(cap, factor)', 'MathLib.scaled(cap, factor + 1)') : t);
    const status = await verify(changed, { clientPolls: true });
    expect(status.message).toBe('Fail - Unable to verify');
    expect(status.isFailure()).toBe(true);
    expect(await epochWhenVerdictRead()).toBe(false);
  }, 120_000);

  test('a changed comment verifies as a partial match (only the metadata differs)', async () => {
    const commented = inputOf(input.settings.libraries as Record<string, Record<string, string>>, (p, t) =>
      p.endsWith('Vault.sol') ? t.replace('/// Test fixture', '/// A test fixture') : t);
    const status = await verify(commented);
    expect(status.isSuccess()).toBe(true);
    expect(await epochWhenVerdictRead()).toBe(true);
    const json = await (await fetch(`${api}?module=contract&action=getsourcecode&address=${vault}`)).json();
    expect(json.result[0]).toMatchObject({ MatchKind: 'partial', ContractName: 'Vault' });
  }, 120_000);

  test('the sources as deployed verify in full, with the arguments and the salt recorded', async () => {
    const status = await verify(input);
    expect(status.message).toBe('Pass - Verified');
    // A partial match replaced by a full one moves the epoch too (the same count of contracts).
    expect(await epochWhenVerdictRead()).toBe(true);
    expect(await etherscan.isVerified(vault)).toBe(true);
    const json = await (await fetch(`${api}?module=contract&action=getsourcecode&address=${vault}`)).json();
    expect(json.result[0]).toMatchObject({ MatchKind: 'full', CompilerVersion: VERSION, ConstructorArguments: args.slice(2), Salt: SALT, OptimizationUsed: '1', Runs: '200' });
    const abi = await (await fetch(`${api}?module=contract&action=getabi&address=${vault}`)).json();
    expect(JSON.parse(abi.result)).toContainEqual(expect.objectContaining({ type: 'function', name: 'limit' }));
  }, 120_000);

  test('verifying again: "Already Verified"', async () => {
    const status = await verify(input);
    expect(status.message).toBe('Already Verified');
    expect(status.isAlreadyVerified()).toBe(true);
  }, 60_000);

  test('an address without code: "Unable to locate ContractCode at <address>"', async () => {
    const empty = '0x00000000000000000000000000000000000000aa';
    await expect(etherscan.verify(empty, JSON.stringify(input), 'contracts/Vault.sol:Vault', VERSION, '')).rejects.toThrow(/does not have bytecode|Unable to locate/);
    const form = new URLSearchParams({ module: 'contract', action: 'verifysourcecode', contractaddress: empty, sourceCode: JSON.stringify(input),
      codeformat: 'solidity-standard-json-input', contractname: 'contracts/Vault.sol:Vault', compilerversion: VERSION });
    const json = await (await fetch(api, { method: 'POST', body: form })).json();
    expect(json.result).toBe(`Unable to locate ContractCode at ${empty}`);
  });

  test('an unknown compiler version: the failure names it and why', async () => {
    // The library: the vault is verified by now, and a verified address is answered before any compile.
    const version = 'v0.8.19+commit.7dd6d404';
    const { message: guid } = await etherscan.verify(library, JSON.stringify(input), 'contracts/MathLib.sol:MathLib', version, '');
    await expect(statusOf(guid)).rejects.toThrow(`Compiler version ${version} is not available`);
  }, 60_000);

  test('submitted constructor arguments that differ from the chain fail', async () => {
    const other = encodeAbiParameters([{ type: 'uint256' }, { type: 'string' }], [1001n, 'strata vault']).slice(2);
    const form = new URLSearchParams({ module: 'contract', action: 'verifysourcecode', contractaddress: library, sourceCode: JSON.stringify(input),
      codeformat: 'solidity-standard-json-input', contractname: 'contracts/MathLib.sol:MathLib', compilerversion: VERSION, constructorArguements: other });
    const { result: guid } = await (await fetch(api, { method: 'POST', body: form })).json();
    const status = await statusOf(guid);
    expect(status.message).toBe('Fail - Unable to verify');
    const json = await (await fetch(`${api}?module=contract&action=checkverifystatus&guid=${guid}`)).json();
    expect(json.reason).toMatch(/constructor arguments differ|are not the constructor's arguments/);
  }, 60_000);

  describe('bad input gets a clear NOTOK, never a 500', () => {
    const post = (fields: Record<string, string>) => fetch(api, { method: 'POST', body: new URLSearchParams({
      module: 'contract', action: 'verifysourcecode', contractaddress: vault, sourceCode: JSON.stringify(input),
      codeformat: 'solidity-standard-json-input', contractname: 'contracts/Vault.sol:Vault', compilerversion: VERSION, ...fields }) });

    test('malformed JSON', async () => {
      const res = await post({ sourceCode: '{"language": "Solidity", "sources": ' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: '0', message: 'NOTOK', result: expect.stringContaining('not valid JSON') });
    });
    test('a 10 MB body: 413', async () => {
      const res = await post({ sourceCode: 'x'.repeat(10 * 1024 * 1024) });
      expect(res.status).toBe(413);
      expect((await res.json()).status).toBe('0');
    });
    test('non-hex constructor arguments', async () => {
      const res = await post({ constructorArguements: 'zz12' });
      expect(res.status).toBe(400);
      expect((await res.json()).result).toMatch(/constructorArguements must be hex/);
    });
    test('a contract name whose file is not among the sources', async () => {
      const res = await post({ contractname: 'contracts/Nope.sol:Vault' });
      expect(res.status).toBe(400);
      expect((await res.json()).result).toMatch(/not among the sources/);
    });
    test('a contract name the sources do not define: the job fails saying so', async () => {
      const { result: guid } = await (await post({ contractaddress: library, contractname: 'contracts/Vault.sol:Safe' })).json();
      const status = await statusOf(guid);
      expect(status.message).toBe('Fail - Unable to verify');
      const json = await (await fetch(`${api}?module=contract&action=checkverifystatus&guid=${guid}`)).json();
      expect(json.reason).toMatch(/no contract contracts\/Vault.sol:Safe/);
    }, 60_000);
    test('a chainid that is not this network’s', async () => {
      const res = await fetch(`${api}?module=contract&action=getabi&address=${vault}&chainid=1`);
      expect(res.status).toBe(400);
      expect((await res.json()).result).toMatch(/chainid 1 is not this network's \(1337\)/);
    });
    test('an unknown guid', async () => {
      expect(await (await fetch(`${api}?module=contract&action=checkverifystatus&guid=nope`)).json()).toMatchObject({ status: '0', result: 'Unknown UID' });
    });
  });

  test('a job left pending by a stopped process (or claimed by one that died) is run by the next', async () => {
    const job = (guid: string) => insertJob(db, {
      guid, address: library.toLowerCase() as Address, chain: 'cyprus1', state: 'pending', result: 'Pending in queue', reason: null,
      compilerVersion: VERSION, contractName: 'contracts/MathLib.sol:MathLib', input: JSON.stringify(input), constructorArgs: null,
    });
    await job('left-pending');
    await job('claimed-by-the-dead');
    await db.query(`UPDATE verify_jobs SET claimed_by = 'gone:1', claimed_at = now() - interval '1 hour' WHERE guid = 'claimed-by-the-dead'`);
    await wakeRunner(context);
    // Both run and pass, as partial matches: the library was deployed from an input without
    // settings.libraries, which the submitted one has, so only its metadata hash differs.
    expect(await jobStatus(db, 'left-pending')).toMatchObject({ state: 'pass', matchKind: 'partial' });
    expect(await jobStatus(db, 'claimed-by-the-dead')).toMatchObject({ state: 'pass', matchKind: 'partial' });
  }, 120_000);

  /**
   * The queue under a flood (lib/index/contracts/verify-queue.ts): one client sends twenty heavy
   * jobs at once (each a 2 MB source, seconds of compiling), another one light job. The flooder
   * gets its share (2 here) and Etherscan's rate-limit answer for the rest; the other client's job
   * is the next one run, not the twenty-first.
   */
  describe('a bounded, fair queue', () => {
    const PER_CLIENT = 2;
    let queued: VerifyContext;
    let queueApi: string;
    let queueServer: ServedContractApi['server'];
    beforeAll(async () => {
      // The flood's twenty 2 MB bodies arrive at once and each asks the node for the contract's
      // code; on a loaded machine that can take longer than the usual 10 s. What is tested here is
      // the queue's answer, not a node timing out.
      const patient = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 120_000 });
      queued = { ...context, node: () => nodeOfClient(patient), worker: `queue-${driver.name}`, queue: { ...loadQueueConfig({}), perClient: PER_CLIENT } };
      ({ url: queueApi, server: queueServer } = await serve(queued));
    });
    afterAll(() => queueServer?.close());

    const submit = (client: string, source: Input) => fetch(queueApi, {
      method: 'POST', headers: { [CLIENT_HEADER]: client }, body: new URLSearchParams({
        module: 'contract', action: 'verifysourcecode', contractaddress: library, sourceCode: JSON.stringify(source),
        codeformat: 'solidity-standard-json-input', contractname: 'contracts/MathLib.sol:MathLib', compilerversion: VERSION }),
    });

    test("a flood from one client: its share queued, the rest 429 NOTOK with Retry-After; another client's job runs next", async () => {
      const heavy = { ...input, sources: { ...input.sources, 'contracts/Padding.sol': { content: paddingSource(2 * 1024 * 1024) } } };
      const flood = await Promise.all(Array.from({ length: 20 }, () => submit('flooder', heavy)));
      const accepted: string[] = [];
      for (const res of flood) {
        const json = await res.json();
        if (res.status === 200) {
          accepted.push(json.result);
          continue;
        }
        expect(res.status, JSON.stringify(json)).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(json).toMatchObject({ status: '0', message: 'NOTOK', result: expect.stringMatching(/^Max rate limit reached/) });
      }
      expect(accepted.length, 'refused').toBeLessThan(flood.length);
      const other = await (await submit('another', input)).json();
      expect(other.status).toBe('1');
      await waitFor('every accepted job done', async () => {
        const states = await Promise.all([...accepted, other.result].map(async (guid) => (await jobStatus(db, guid))?.state));
        return states.every((state) => state !== 'pending');
      }, 120_000);
      const epoch = (col: string) => `extract(epoch FROM ${col})::float8 AS ${col}`;
      const rows = (await db.query(
        `SELECT guid, client, ${epoch('submitted_at')}, ${epoch('claimed_at')}, ${epoch('finished_at')} FROM verify_jobs WHERE guid = ANY($1)`,
        [[...accepted, other.result]],
      )).map((r) => ({ guid: String(r.guid), client: String(r.client), submitted: Number(r.submitted_at), claimed: Number(r.claimed_at), finished: Number(r.finished_at) }));
      // Never more than its share of the flooder's jobs waiting at once (running included).
      const flooder = rows.filter((r) => r.client === 'flooder');
      const mostAtOnce = Math.max(...flooder.map((r) => flooder.filter((o) => o.submitted <= r.submitted && o.finished > r.submitted).length));
      expect(mostAtOnce).toBeLessThanOrEqual(PER_CLIENT);
      // The other client's job waited for the job running when it came, and for no other.
      const theirs = rows.find((r) => r.guid === other.result)!;
      expect(rows.filter((r) => r.claimed > theirs.submitted && r.claimed < theirs.claimed)).toEqual([]);
      const waited = theirs.finished - theirs.submitted;
      // How long is the machine's business; that it waited for no flooder job but the running one is checked above.
      console.log(`verify queue (${driver.name}): ${flood.length - accepted.length} of ${flood.length} refused; the other client's job done ${waited.toFixed(1)} s after its submission`);
    }, 180_000);

    test('an input larger than the compiler takes: 413 NOTOK "too large", nothing queued', async () => {
      const before = await db.query(`SELECT count(*)::int AS n FROM verify_jobs`);
      const huge = { ...input, sources: { ...input.sources, 'contracts/Padding.sol': { content: paddingSource(MAX_INPUT_BYTES) } } };
      const res = await submit('large', huge);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ status: '0', message: 'NOTOK', result: expect.stringMatching(/too large to compile here/) });
      expect(await db.query(`SELECT count(*)::int AS n FROM verify_jobs`)).toEqual(before);
    });

    test('inputs are dropped with the verdict, finished jobs after the retention; verified sources stay', async () => {
      const [kept] = await db.query(`SELECT count(*)::int AS n FROM verify_jobs WHERE state <> 'pending' AND input IS NOT NULL`);
      expect(kept?.n).toBe(0);
      expect(await pruneFinishedJobs(db, 0)).toBeGreaterThan(0);
      expect(await db.query(`SELECT guid FROM verify_jobs WHERE state <> 'pending'`)).toEqual([]);
      const json = await (await fetch(`${api}?module=contract&action=getsourcecode&address=${vault}`)).json();
      expect(json.result[0]).toMatchObject({ MatchKind: 'full', ContractName: 'Vault' });
    });

    test('one runner per process: the runner woken from another bundle is the same one', async () => {
      // Next bundles job-runner.ts into instrumentation and into the API route apart: two module
      // instances in one process, as a fresh import after resetModules gives.
      vi.resetModules();
      const other = await import('./job-runner');
      const running = wakeRunner(queued);
      expect(other.wakeRunner(queued)).toBe(running);
      await running;
    }, 120_000);
  });
});

/**
 * DATABASE_URL with a separate `npm run indexer`: the writer holds the database's writer lock in
 * its own pool (another process in production) and keeps following the chain; the explorer, in
 * STRATA_INDEX=read mode, writes the verification tables through its own pool meanwhile. Neither
 * waits for the other, and the writer stays the writer.
 */
describe('an explorer reading an index another process writes (PostgreSQL, STRATA_INDEX=read)', () => {
  test('verifies while the writer goes on writing', async () => {
    const pg = await startTestPostgres();
    const writerDb = await openPostgres(pg.url);
    const explorerDb = await openPostgres(pg.url);
    await migrate(writerDb, MIGRATIONS, DERIVATIONS);
    const sources = zoneSources(devnetConfig(devnet)).filter((s) => s.chain === 'cyprus1');
    const writer = startIndexWriter({ db: writerDb, sources, from: 0n, concurrency: 8, progressMs: 0 });
    try {
      const client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
      const context: VerifyContext = {
        db: explorerDb, node: () => nodeOfClient(client), worker: 'explorer',
        compilers: loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off', STRATA_VERIFY_TIMEOUT_MS: '120000' }),
      };
      const { url: api, server } = await serve(context);
      try {
        await waitFor('the indexed creation', async () => ((await contractCreations(explorerDb, [vault])).length > 0 ? true : null), 120_000);
        const etherscan = new Etherscan('any-key', api, 'http://localhost:3000', undefined);
        const { message: guid } = await etherscan.verify(vault, JSON.stringify(input), 'contracts/Vault.sol:Vault', VERSION, args.slice(2));
        await verdictIn(explorerDb, guid);
        expect((await etherscan.getVerificationStatus(guid)).message).toBe('Pass - Verified');
        expect(writer.status().role).toBe('writer');
        expect(await explorerDb.tryBecomeWriter()).toBe(null);
      } finally {
        server.close();
      }
    } finally {
      await writer.stop();
      await writerDb.close();
      await explorerDb.close();
      await pg.stop();
    }
  }, 240_000);
});

/**
 * Verifications are not derived from blocks: nothing can read them again after a crash, so a
 * submission and a verdict are on disk by the time a client is told of them. The explorer's
 * verification runs in a process of its own (testing/verify-api-process.ts), killed with SIGKILL
 * the moment the client has its answer; on PostgreSQL the server then crashes too (`pg_ctl stop -m
 * immediate`: its WAL buffers are lost, and the test server commits asynchronously, as the
 * embedded index does). After the restart, both are there.
 */
describe.each(['PGlite', 'PostgreSQL'] as const)('a kill -9 right after a submission and after a verdict loses neither (%s)', (name) => {
  let pg: TestPostgres | undefined;
  let dir: string | undefined;
  let child: ChildProcess | undefined;
  const where = (): Record<string, string> => (pg ? { DATABASE_URL: pg.url } : { STRATA_INDEX_DIR: dir ?? '' });

  beforeAll(async () => {
    if (name === 'PostgreSQL') pg = await startTestPostgres();
    else dir = tempIndexDir();
    const db = await openIndex({ databaseUrl: pg?.url, dataDir: dir ?? '' });
    try {
      const sources = zoneSources(devnetConfig(devnet)).filter((s) => s.chain === 'cyprus1');
      await startIndexWriter({ db, sources, from: 0n, concurrency: 8, until: deployBlock, progressMs: 0 }).done;
    } finally {
      await db.close();
    }
  }, 180_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the explorer's verification process; resolves with its /api URL once it serves. */
  const start = (): Promise<string> =>
    new Promise((resolve, reject) => {
      // Node itself with tsx's loader (not the tsx CLI): one process, so SIGKILL hits the explorer.
      const proc = spawn(process.execPath, ['--import', 'tsx', 'lib/server/contracts/testing/verify-api-process.ts'], {
        env: { ...process.env, ...where(), STRATA_TEST_NODE_URL: devnet.urlOf('cyprus1'), STRATA_TEST_CHAIN_ID: String(devnet.chainId) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let out = '';
      proc.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const url = /^listening (\S+)$/m.exec(out)?.[1];
        if (url) resolve(url);
      });
      proc.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      proc.on('exit', (code, signal) => reject(new Error(`the verification process ended (${signal ?? code}) before serving:\n${out}`)));
    });

  /** SIGKILL the moment the answer is in; on PostgreSQL the server crashes as well. */
  const crash = async (): Promise<void> => {
    const proc = child;
    if (!proc) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
    await pg?.crash();
  };

  const submit = async (api: string, address: Address, contract: string, source: Input, ctorArgs = ''): Promise<string> => {
    const form = new URLSearchParams({ module: 'contract', action: 'verifysourcecode', contractaddress: address, sourceCode: JSON.stringify(source),
      codeformat: 'solidity-standard-json-input', contractname: contract, compilerversion: VERSION, constructorArguements: ctorArgs });
    const json = await (await fetch(api, { method: 'POST', body: form })).json();
    expect(json.status, JSON.stringify(json)).toBe('1');
    return json.result as string;
  };
  const status = async (api: string, guid: string) => (await fetch(`${api}?module=contract&action=checkverifystatus&guid=${guid}`)).json();

  test('both are there after the restart', async () => {
    // The verdict first, so that no later write of the killed process could carry it to disk.
    let api = await start();
    const verified = await submit(api, library, 'contracts/MathLib.sol:MathLib', input);
    const verdict = await waitFor('the verdict', async () => {
      const json = await status(api, verified);
      return json.result === 'Pending in queue' ? null : json;
    }, 120_000);
    expect(verdict.result).toBe('Pass - Verified');
    await crash();

    api = await start();
    expect(await status(api, verified), 'the verdict after the restart').toMatchObject({ status: '1', result: 'Pass - Verified' });
    const source = await (await fetch(`${api}?module=contract&action=getsourcecode&address=${library}`)).json();
    expect(source.result[0], 'the verified contract after the restart').toMatchObject({ ContractName: 'MathLib', MatchKind: 'partial' });
    const submitted = await submit(api, vault, 'contracts/Vault.sol:Vault', input, args.slice(2));
    await crash();

    // The database as the next start opens it.
    const db = await openIndex({ databaseUrl: pg?.url, dataDir: dir ?? '' });
    try {
      expect(await jobStatus(db, submitted), 'the submission after the restart').toMatchObject({ guid: submitted, address: vault.toLowerCase() });
    } finally {
      await db.close();
    }
  }, 300_000);
});
