/**
 * The verification tables (migrations 7 and 12): jobs as submitted and their verdicts, and the
 * verified contracts. Not derived from blocks, so not the index writer's: any explorer process
 * writes them through its pool (the writer's advisory lock guards only the derived tables). Nor
 * can they be read again from a node after a crash: every write here is committed durably before
 * it is acknowledged (../drivers/durable.ts). The queue (who waits, who runs next, what is pruned)
 * is ./verify-queue.ts.
 */
import type { Address, Hex } from 'viem';
import type { ChainName } from '@/lib/protocol/chains';
import type { Db, Queryable, Row } from '../drivers/db';
import { durableTransaction } from '../drivers/durable';
import { byteaParam, hexCol, hexParam } from '../drivers/sql';
import { chainName, IndexRowError, optionalBig, optionalText, text } from '../readers/paging/row-values';
import type { MatchKind, VerifyJobState, VerifyJobStatus } from '@/lib/contracts/types';

export interface NewJob {
  readonly guid: string;
  readonly address: Address;
  readonly chain: ChainName;
  readonly state: VerifyJobState;
  readonly result: string;
  readonly reason: string | null;
  readonly compilerVersion: string;
  readonly contractName: string;
  /** The standard JSON input, as text; null for a job answered at once (nothing to compile). */
  readonly input: string | null;
  readonly constructorArgs: Hex | null;
  /** Who submitted it (the rate limit's client key); "unknown" when not said. */
  readonly client?: string;
}

/** A job as a worker runs it. */
export interface ClaimedJob {
  readonly guid: string;
  readonly address: Address;
  readonly chain: ChainName;
  readonly compilerVersion: string;
  readonly contractName: string;
  readonly input: string;
  readonly constructorArgs: Hex | null;
}

export interface VerdictRow {
  readonly state: Exclude<VerifyJobState, 'pending'>;
  readonly result: string;
  readonly matchKind: MatchKind | null;
  readonly reason: string | null;
}

export interface VerifiedRow {
  readonly address: Address;
  readonly chain: ChainName;
  readonly matchKind: MatchKind;
  readonly compilerVersion: string;
  readonly contractName: string;
  readonly input: string;
  readonly abi: string;
  /** solc's source maps with their bytecode and source ids (lib/contracts/source-map.ts `SourceMaps`) as JSON; null for contracts verified before they were kept. */
  readonly sourceMaps: string | null;
  readonly constructorArgs: Hex;
  readonly salt: Hex | null;
  readonly creationTx: Hex | null;
  readonly creator: Address | null;
  readonly creationBlock: bigint | null;
  readonly jobGuid: string;
  /** ISO 8601 when read; written by the database. */
  readonly verifiedAt?: string;
  /** solc's storageLayout as JSON; null for contracts verified before it was kept (or a build without it). */
  readonly storageLayout?: string | null;
  /** The compiled runtime code's skeleton (lib/contracts/similar-code.ts) and its immutables' places, as JSON; written only. */
  readonly skeleton?: { readonly length: number; readonly hash: Hex; readonly immutableRefs: string } | null;
}

/** A verified contract another's code may be the same as (lib/contracts/similar-code.ts). */
export interface SkeletonRow {
  readonly address: Address;
  readonly length: number;
  readonly hash: Hex;
  readonly immutableRefs: string;
}

const ISO = (col: string, as: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;
const HEX = /^0x[0-9a-f]*$/;

export function hexOf<T extends `0x${string}`>(row: Row, key: string): T {
  const value = text(row, key);
  if (!HEX.test(value)) throw new IndexRowError(`index row: ${key} is not hex`);
  return value as T;
}
export function optionalHexOf<T extends `0x${string}`>(row: Row, key: string): T | null {
  return optionalText(row, key) === null ? null : hexOf<T>(row, key);
}
function matchKindOf(value: string | null): MatchKind | null {
  if (value === null) return null;
  if (value !== 'full' && value !== 'partial') throw new IndexRowError(`index row: match_kind "${value}"`);
  return value;
}
function stateOf(value: string): VerifyJobState {
  if (value !== 'pending' && value !== 'pass' && value !== 'fail' && value !== 'already') throw new IndexRowError(`index row: state "${value}"`);
  return value;
}
export function chainOf(row: Row): ChainName {
  return chainName(text(row, 'chain'), 'chain') as ChainName;
}

/** Inserts a job as given, inside the caller's transaction (./verify-queue.ts checks the queue's bounds first). */
export async function insertJob(db: Queryable, job: NewJob): Promise<void> {
  const done = job.state !== 'pending';
  const input = done ? null : job.input;
  await db.query(
    `INSERT INTO verify_jobs (guid, address, chain, state, result, reason, compiler_version, contract_name, input, input_bytes, constructor_args, client, finished_at)
     VALUES ($1, decode($2, 'hex'), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, ${done ? 'now()' : 'NULL'})`,
    [job.guid, hexParam(job.address), job.chain, job.state, job.result, job.reason, job.compilerVersion, job.contractName, input,
      input === null ? 0 : Buffer.byteLength(input), job.constructorArgs, job.client ?? 'unknown'],
  );
}

const STATUS_COLUMNS = `guid, ${hexCol('address', 'address')}, state, result, match_kind, reason, compiler_version, contract_name,
  ${ISO('submitted_at', 'submitted_at')}, ${ISO('finished_at', 'finished_at')}`;

function statusOf(r: Row): VerifyJobStatus {
  return {
    guid: text(r, 'guid'),
    address: hexOf<Address>(r, 'address'),
    state: stateOf(text(r, 'state')),
    result: text(r, 'result'),
    matchKind: matchKindOf(optionalText(r, 'match_kind')),
    reason: optionalText(r, 'reason'),
    compilerVersion: text(r, 'compiler_version'),
    contractName: text(r, 'contract_name'),
    submittedAt: text(r, 'submitted_at'),
    finishedAt: optionalText(r, 'finished_at'),
  };
}

export async function jobStatus(db: Queryable, guid: string): Promise<VerifyJobStatus | null> {
  const [row] = await db.query(`SELECT ${STATUS_COLUMNS} FROM verify_jobs WHERE guid = $1`, [guid]);
  return row ? statusOf(row) : null;
}

/**
 * Records a job's verdict (only while it is pending: a verdict is never overwritten), durably, and
 * drops its input: a verified source is kept in verified_contracts, a failed one is not kept.
 */
export async function finishJob(db: Db, guid: string, verdict: VerdictRow): Promise<void> {
  await durableTransaction(db, (tx) =>
    tx.query(
      `UPDATE verify_jobs SET state = $2, result = $3, match_kind = $4, reason = $5, finished_at = now(), input = NULL
        WHERE guid = $1 AND state = 'pending'`,
      [guid, verdict.state, verdict.result, verdict.matchKind, verdict.reason],
    ),
  );
}

/** Stores a verified contract durably (replacing a partial match when this one is full), its ABI's signatures with it. */
export async function saveVerified(db: Db, v: VerifiedRow, signatures: readonly SignatureRow[] = []): Promise<void> {
  await durableTransaction(db, async (tx) => {
    const written = await tx.query(
      `INSERT INTO verified_contracts (address, chain, match_kind, compiler_version, contract_name, input, abi, constructor_args, salt,
                                       creation_tx, creator, creation_block, job_guid, source_maps, storage_layout, runtime_length,
                                       runtime_skeleton, immutable_refs, signatures_written)
       VALUES (decode($1, 'hex'), $2, $3, $4, $5, $6, $7, $8, $9, decode($10, 'hex'), decode($11, 'hex'), $12::bigint, $13, $14, $15, $16,
               decode($17, 'hex'), $18, true)
       ON CONFLICT (address) DO UPDATE SET chain = $2, match_kind = $3, compiler_version = $4, contract_name = $5, input = $6, abi = $7,
         constructor_args = $8, salt = $9, creation_tx = decode($10, 'hex'), creator = decode($11, 'hex'), creation_block = $12::bigint,
         job_guid = $13, source_maps = $14, storage_layout = $15, runtime_length = $16, runtime_skeleton = decode($17, 'hex'),
         immutable_refs = $18, signatures_written = true, verified_at = now()
       WHERE verified_contracts.match_kind = 'partial' AND $3 = 'full'
       RETURNING 1 AS written`,
      [hexParam(v.address), v.chain, v.matchKind, v.compilerVersion, v.contractName, v.input, v.abi, v.constructorArgs, v.salt,
        hexParam(v.creationTx), hexParam(v.creator), v.creationBlock, v.jobGuid, v.sourceMaps, v.storageLayout ?? null,
        v.skeleton?.length ?? null, v.skeleton ? hexParam(v.skeleton.hash) : null, v.skeleton?.immutableRefs ?? null],
    );
    if (written.length > 0) await insertSignatures(tx, signatures);
  });
}

/** One line of the instance's signature database (lib/decode/signature-db/format.ts). */
export interface SignatureRow {
  readonly kind: 'function' | 'event' | 'error';
  readonly selector: Hex;
  readonly signature: string;
}

async function insertSignatures(db: Queryable, rows: readonly SignatureRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200);
    const values = batch.map((_r, j) => `($${j * 3 + 1}, decode($${j * 3 + 2}, 'hex'), $${j * 3 + 3})`).join(', ');
    await db.query(
      `INSERT INTO abi_signatures (kind, selector, signature) VALUES ${values} ON CONFLICT DO NOTHING`,
      batch.flatMap((r) => [r.kind, hexParam(r.selector), r.signature]),
    );
  }
}

/** The instance's signatures for these selectors (topic0s for events), by kind. */
export async function readSignatures(db: Queryable, wanted: Readonly<Record<SignatureRow['kind'], readonly Hex[]>>): Promise<SignatureRow[]> {
  const kinds = (['function', 'event', 'error'] as const).filter((k) => wanted[k].length > 0);
  if (kinds.length === 0) return [];
  const rows: SignatureRow[] = [];
  for (const kind of kinds) {
    const found = await db.query(
      `SELECT ${hexCol('selector', 'selector')}, signature FROM abi_signatures WHERE kind = $1 AND selector = ANY($2::bytea[]) ORDER BY signature LIMIT 1000`,
      [kind, wanted[kind].map((s) => byteaParam(s.toLowerCase()))],
    );
    for (const r of found) rows.push({ kind, selector: hexOf<Hex>(r, 'selector'), signature: text(r, 'signature') });
  }
  return rows;
}

/** Verified rows whose signatures are not in abi_signatures yet (verified before it existed): their ABIs, a batch at a time. */
export async function unsignedAbis(db: Queryable, limit: number): Promise<{ address: Address; abi: string }[]> {
  const rows = await db.query(`SELECT ${hexCol('address', 'address')}, abi FROM verified_contracts WHERE NOT signatures_written LIMIT $1`, [limit]);
  return rows.map((r) => ({ address: hexOf<Address>(r, 'address'), abi: text(r, 'abi') }));
}

/** Writes the signatures of an older verified row and marks it written. */
export async function writeSignaturesOf(db: Db, address: Address, rows: readonly SignatureRow[]): Promise<void> {
  await durableTransaction(db, async (tx) => {
    await insertSignatures(tx, rows);
    await tx.query(`UPDATE verified_contracts SET signatures_written = true WHERE address = decode($1, 'hex')`, [hexParam(address)]);
  });
}

/** Verified contracts whose skeleton is `length` bytes long: the candidates for a similar match, oldest first. */
export async function skeletonsOfLength(db: Queryable, length: number, limit = 50): Promise<SkeletonRow[]> {
  const rows = await db.query(
    `SELECT ${hexCol('address', 'address')}, runtime_length::text AS runtime_length, ${hexCol('runtime_skeleton', 'hash')}, immutable_refs
       FROM verified_contracts WHERE runtime_length = $1 AND runtime_skeleton IS NOT NULL ORDER BY verified_at LIMIT $2`,
    [length, limit],
  );
  return rows.map((r) => ({ address: hexOf<Address>(r, 'address'), length: Number(text(r, 'runtime_length')), hash: hexOf<Hex>(r, 'hash'), immutableRefs: text(r, 'immutable_refs') }));
}

/**
 * What the verified contracts are now, as one short string that changes with every verification
 * (a new row, or a partial match replaced by a full one): the pages decoded with verified ABIs are
 * stored under it (lib/server/contracts/verified-epoch.ts).
 */
export async function verifiedEpochOf(db: Queryable): Promise<string> {
  const [row] = await db.query(
    `SELECT count(*)::text AS n, coalesce((extract(epoch FROM max(verified_at)) * 1000000)::bigint::text, '0') AS at FROM verified_contracts`,
  );
  return row ? `${text(row, 'n')}.${text(row, 'at')}` : '0.0';
}

/** The match kind an address is verified with, or null. */
export async function verifiedMatch(db: Queryable, address: Address): Promise<MatchKind | null> {
  const [row] = await db.query(`SELECT match_kind FROM verified_contracts WHERE address = decode($1, 'hex')`, [hexParam(address)]);
  return row ? matchKindOf(text(row, 'match_kind')) : null;
}

export async function readVerified(db: Queryable, address: Address): Promise<VerifiedRow | null> {
  const [r] = await db.query(
    `SELECT ${hexCol('address', 'address')}, chain, match_kind, compiler_version, contract_name, input, abi, source_maps, storage_layout, constructor_args, salt,
            ${hexCol('creation_tx', 'creation_tx')}, ${hexCol('creator', 'creator')},
            creation_block::text AS creation_block, job_guid, ${ISO('verified_at', 'verified_at')}
       FROM verified_contracts WHERE address = decode($1, 'hex')`,
    [hexParam(address)],
  );
  if (!r) return null;
  return {
    address: hexOf<Address>(r, 'address'),
    chain: chainOf(r),
    matchKind: matchKindOf(text(r, 'match_kind')) as MatchKind,
    compilerVersion: text(r, 'compiler_version'),
    contractName: text(r, 'contract_name'),
    input: text(r, 'input'),
    abi: text(r, 'abi'),
    sourceMaps: optionalText(r, 'source_maps'),
    storageLayout: optionalText(r, 'storage_layout'),
    constructorArgs: hexOf<Hex>(r, 'constructor_args'),
    salt: optionalHexOf<Hex>(r, 'salt'),
    creationTx: optionalHexOf<Hex>(r, 'creation_tx'),
    creator: optionalHexOf<Address>(r, 'creator'),
    creationBlock: optionalBig(r, 'creation_block'),
    jobGuid: text(r, 'job_guid'),
    verifiedAt: text(r, 'verified_at'),
  };
}
