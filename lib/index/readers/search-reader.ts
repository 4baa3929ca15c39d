/**
 * What search asks the index (migrations 19 and 21): tokens by name or symbol, verified contracts by name,
 * and a transaction or a zone block by hash.
 *
 * A name is found in bounded steps, each one index read with a LIMIT and no sort, so a query costs
 * the same whether 10 or 100,000 tokens match it: names that start with the text (the btree
 * prefix indexes, in their order: an exact match comes first), then, from 3 characters, names
 * holding it anywhere, as typed or with its spaces and punctuation left out (the trigram index),
 * read only when too few names start with it to fill the caller's list (those rank first). The caller ranks the few candidates (lib/search/rank.ts).
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address, Hash } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../drivers/db';
import { hexCol, hexParam } from '../drivers/sql';
import { big, chainName, integer, IndexRowError, optionalText, text } from './paging/row-values';

/**
 * The indexed expressions, exactly as migration 19 created them: an expression index serves a
 * query only when the query repeats its expression.
 */
const TOKEN_NAME = 'lower(name)';
const TOKEN_SYMBOL = 'lower(symbol)';
const TOKEN_NAMES =
  "lower(coalesce(name, '') || ' ' || coalesce(symbol, '')) || ' ' || regexp_replace(lower(coalesce(name, '') || coalesce(symbol, '')), '[^a-z0-9]+', '', 'g')";
const CONTRACT_NAME = "lower(regexp_replace(contract_name, '^.*:', ''))";
/**
 * The same as a stored column in the "C" collation (migration 21), whose plain index serves a
 * prefix and the contract list's `q=` both (lib/index/readers/lists/contract-list-reader.ts).
 */
const CONTRACT_NAME_KEY = 'name_key';

/** Candidates read per step: enough to rank a page of suggestions from. */
export const CANDIDATES = 40;
/** Trigrams need 3 characters; shorter text is matched as a prefix only. */
export const SUBSTRING_FROM = 3;

const STANDARDS: Readonly<Record<number, TokenStandard>> = { 20: 'ERC-20', 721: 'ERC-721', 1155: 'ERC-1155' };

export interface TokenNameHit {
  readonly chain: ChainName;
  readonly token: Address;
  readonly standard: TokenStandard;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
}

export interface ContractNameHit {
  readonly chain: ChainName;
  readonly address: Address;
  /** The contract's name, without its source path (`contracts/Token.sol:DevToken` → `DevToken`). */
  readonly name: string;
  readonly matchKind: 'full' | 'partial';
}

/** `text` lower-cased, its LIKE wildcards and escape character escaped (backslash is LIKE's default escape). */
function likeText(needle: string): string {
  return needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The text as the names' compact form has it: lower case, ASCII letters and digits only ("Dev Tok" → "devtok"). */
export function compactText(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * "Holds the text anywhere", on an indexed expression: as typed, or (when it differs and has 3
 * characters) compacted, for a name written with spaces or punctuation the reader left out.
 */
function holds(expression: string, needle: string, params: unknown[]): string {
  params.push(`%${likeText(needle)}%`);
  const compact = compactText(needle);
  if (compact.length < SUBSTRING_FROM || compact === needle.toLowerCase()) return `${expression} LIKE $${params.length}`;
  params.push(`%${compact}%`);
  return `(${expression} LIKE $${params.length - 1} OR ${expression} LIKE $${params.length})`;
}

function tokenOf(row: Row): TokenNameHit {
  const standard = STANDARDS[integer(row, 'standard')];
  if (!standard) throw new IndexRowError(`index row: standard ${String(row.standard)} is not a token standard`);
  return {
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    token: text(row, 'token') as Address,
    standard,
    name: optionalText(row, 'name'),
    symbol: optionalText(row, 'symbol'),
    decimals: row.decimals === null ? null : integer(row, 'decimals'),
  };
}

const TOKEN_COLUMNS = `chain, ${hexCol('token', 'token')}, standard, name, symbol, decimals`;

/**
 * Tokens whose symbol or name starts with `needle`, then (3 characters and more, and only while
 * fewer than `enough` start with it: those rank above any found inside) holds it; at most
 * CANDIDATES per step, unranked.
 */
export async function tokensByName(q: Queryable, needle: string, enough = CANDIDATES): Promise<TokenNameHit[]> {
  const like = likeText(needle);
  const seen = new Map<string, TokenNameHit>();
  const keep = (rows: readonly Row[]) => {
    for (const row of rows) {
      const hit = tokenOf(row);
      seen.set(`${hit.chain}:${hit.token}`, hit);
    }
  };
  const prefixes = await Promise.all([
    q.query(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE ${TOKEN_SYMBOL} LIKE $1 LIMIT ${CANDIDATES}`, [`${like}%`]),
    q.query(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE ${TOKEN_NAME} LIKE $1 LIMIT ${CANDIDATES}`, [`${like}%`]),
  ]);
  prefixes.forEach(keep);
  if (needle.length >= SUBSTRING_FROM && seen.size < enough) {
    const params: unknown[] = [];
    keep(await q.query(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE ${holds(TOKEN_NAMES, needle, params)} LIMIT ${CANDIDATES}`, params));
  }
  return [...seen.values()];
}

function contractOf(row: Row): ContractNameHit {
  const kind = text(row, 'match_kind');
  if (kind !== 'full' && kind !== 'partial') throw new IndexRowError(`index row: match_kind ${kind} is not full or partial`);
  return {
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    address: text(row, 'address') as Address,
    name: text(row, 'name'),
    matchKind: kind,
  };
}

const CONTRACT_COLUMNS = `chain, ${hexCol('address', 'address')}, regexp_replace(contract_name, '^.*:', '') AS name, match_kind`;

/** Verified contracts whose name starts with `needle`, then (as tokensByName) holds it; unranked. */
export async function contractsByName(q: Queryable, needle: string, enough = CANDIDATES): Promise<ContractNameHit[]> {
  const like = likeText(needle);
  const seen = new Map<string, ContractNameHit>();
  const keep = (rows: readonly Row[]) => {
    for (const row of rows) {
      const hit = contractOf(row);
      seen.set(hit.address, hit);
    }
  };
  keep(await q.query(`SELECT ${CONTRACT_COLUMNS} FROM verified_contracts WHERE ${CONTRACT_NAME_KEY} LIKE $1 LIMIT ${CANDIDATES}`, [`${like}%`]));
  if (needle.length >= SUBSTRING_FROM && seen.size < enough) {
    const params: unknown[] = [];
    keep(await q.query(`SELECT ${CONTRACT_COLUMNS} FROM verified_contracts WHERE ${holds(CONTRACT_NAME, needle, params)} LIMIT ${CANDIDATES}`, params));
  }
  return [...seen.values()];
}

/** A token the index has met at `address` (any zone), for naming an address search's hit. */
export async function tokenAt(q: Queryable, address: Address): Promise<TokenNameHit | null> {
  const [row] = await q.query(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE token = decode($1, 'hex') LIMIT 1`, [hexParam(address)]);
  return row ? tokenOf(row) : null;
}

/** The verified contract at `address`, for naming an address search's hit. */
export async function contractAt(q: Queryable, address: Address): Promise<ContractNameHit | null> {
  const [row] = await q.query(`SELECT ${CONTRACT_COLUMNS} FROM verified_contracts WHERE address = decode($1, 'hex')`, [hexParam(address)]);
  return row ? contractOf(row) : null;
}

export interface IndexedHashHit {
  readonly kind: 'transaction' | 'block';
  readonly chain: ChainName;
  readonly blockNumber: bigint;
}

/** The transactions and zone blocks the index holds with this hash (a hash is one or the other; reorged copies are gone). */
export async function byHash(q: Queryable, hash: Hash): Promise<IndexedHashHit[]> {
  const param = hexParam(hash);
  const [txs, blocks] = await Promise.all([
    q.query(`SELECT chain, block_number::text AS number FROM transactions WHERE hash = decode($1, 'hex') LIMIT 4`, [param]),
    q.query(`SELECT chain, number::text AS number FROM blocks WHERE hash = decode($1, 'hex') LIMIT 4`, [param]),
  ]);
  const hit = (kind: IndexedHashHit['kind']) => (row: Row): IndexedHashHit => ({
    kind,
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    blockNumber: big(row, 'number'),
  });
  return [...txs.map(hit('transaction')), ...blocks.map(hit('block'))];
}
