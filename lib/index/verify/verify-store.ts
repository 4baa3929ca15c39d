/**
 * The verification tables (migrations 7 and 12): jobs as submitted and their verdicts, and the
 * verified contracts. Not derived from blocks, so not the index writer's: any explorer process
 * writes them through its pool (the writer's advisory lock guards only the derived tables). Nor
 * can they be read again from a node after a crash: every write here is committed durably before
 * it is acknowledged (../drivers/durable.ts). The queue (who waits, who runs next, what is pruned)
 * is ./verify-queue.ts.
 */
import type { Address, Hex } from 'viem';
import type { ChainName } from '@/lib/chains';
import type { Db, Queryable, Row } from '../drivers/db';
import { durableTransaction } from '../drivers/durable';
import { hexCol, hexParam } from '../drivers/sql';
import { chainName, IndexRowError, optionalBig, optionalText, text } from '../readers/row-values';
import type { MatchKind, VerifyJobState, VerifyJobStatus } from '@/lib/verify/types';

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
  /** solc's source maps with their bytecode and source ids (lib/verify/source-map.ts `SourceMaps`) as JSON; null for contracts verified before they were kept. */
  readonly sourceMaps: string | null;
  readonly constructorArgs: Hex;
  readonly salt: Hex | null;
  readonly creationTx: Hex | null;
  readonly creator: Address | null;
  readonly creationBlock: bigint | null;
  readonly jobGuid: string;
  /** ISO 8601 when read; written by the database. */
  readonly verifiedAt?: string;
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

/** Stores a verified contract durably (replacing a partial match when this one is full). */
export async function saveVerified(db: Db, v: VerifiedRow): Promise<void> {
  await durableTransaction(db, (tx) => tx.query(
    `INSERT INTO verified_contracts (address, chain, match_kind, compiler_version, contract_name, input, abi, constructor_args, salt,
                                     creation_tx, creator, creation_block, job_guid, source_maps)
     VALUES (decode($1, 'hex'), $2, $3, $4, $5, $6, $7, $8, $9, decode($10, 'hex'), decode($11, 'hex'), $12::bigint, $13, $14)
     ON CONFLICT (address) DO UPDATE SET chain = $2, match_kind = $3, compiler_version = $4, contract_name = $5, input = $6, abi = $7,
       constructor_args = $8, salt = $9, creation_tx = decode($10, 'hex'), creator = decode($11, 'hex'), creation_block = $12::bigint,
       job_guid = $13, source_maps = $14, verified_at = now()
     WHERE verified_contracts.match_kind = 'partial' AND $3 = 'full'`,
    [hexParam(v.address), v.chain, v.matchKind, v.compilerVersion, v.contractName, v.input, v.abi, v.constructorArgs, v.salt,
      hexParam(v.creationTx), hexParam(v.creator), v.creationBlock, v.jobGuid, v.sourceMaps],
  ));
}

/**
 * What the verified contracts are now, as one short string that changes with every verification
 * (a new row, or a partial match replaced by a full one): the pages decoded with verified ABIs are
 * stored under it (lib/server/verify/verified-epoch.ts).
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
    `SELECT ${hexCol('address', 'address')}, chain, match_kind, compiler_version, contract_name, input, abi, source_maps, constructor_args, salt,
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
    constructorArgs: hexOf<Hex>(r, 'constructor_args'),
    salt: optionalHexOf<Hex>(r, 'salt'),
    creationTx: optionalHexOf<Hex>(r, 'creation_tx'),
    creator: optionalHexOf<Address>(r, 'creator'),
    creationBlock: optionalBig(r, 'creation_block'),
    jobGuid: text(r, 'job_guid'),
    verifiedAt: text(r, 'verified_at'),
  };
}
