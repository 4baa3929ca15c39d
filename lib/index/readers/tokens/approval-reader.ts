/**
 * What an owner has approved, as the index's token_approvals rows say: the newest row per
 * (token, spender, kind) at or below a block of the owner's zone, kept when it grants something
 * (an allowance above zero, an operator approved), newest first, a keyset page at a time. The
 * amount is the one the event set; spending an allowance lowers it without an event, so the
 * explorer reads it again from the node (lib/server/address/load-approvals.ts).
 *
 * Anyone can emit `Approval` naming any owner, so a page lists only approvals of contracts that
 * look like tokens: with a transfer in the index (token_transfers) or verified here. The others
 * are counted, per contract, apart (`unrecognised`): never read from the node, never offered for
 * revoking, however many a contract planted.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { ApprovalKind } from '@/lib/decode/token-approvals';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import { APPROVAL_KIND_CODE } from '../../derivations/tokens/token-approvals';
import { approvalCursor } from '../paging/approval-cursor';
import { clampLimit, keyset } from '../paging/keyset';
import { big, chainName, integer, IndexRowError, optionalText, placeOf, text, type RowPlace } from '../paging/row-values';

export interface ApprovalItem extends RowPlace {
  readonly index: number;
  readonly logIndex: number;
  readonly kind: ApprovalKind;
  readonly token: Address;
  readonly spender: Address;
  /** What the newest event set: the allowance (ERC-20), 1 for an operator approved. */
  readonly amount: bigint;
  /** The token's facts as the index stored them (tokens table, from its first transfer); null when it holds none. */
  readonly tokenFacts: { readonly standard: TokenStandard; readonly symbol: string | null; readonly decimals: number | null } | null;
}

export interface ApprovalPage {
  readonly items: readonly ApprovalItem[];
  readonly next: string | null;
}

/** Approvals naming the owner from contracts that do not look like tokens, counted per contract. */
export interface UnrecognisedApprovals {
  /** Standing approvals in all. */
  readonly approvals: number;
  /** Contracts they come from in all. */
  readonly contracts: number;
  /** The contracts with the most, most first (at most UNRECOGNISED_SHOWN). */
  readonly top: readonly { readonly chain: ChainName; readonly token: Address; readonly approvals: number }[];
}

/** How many of the unrecognised contracts are named. */
export const UNRECOGNISED_SHOWN = 10;

const KINDS: Readonly<Record<number, ApprovalKind>> = { [APPROVAL_KIND_CODE.allowance]: 'allowance', [APPROVAL_KIND_CODE.operator]: 'operator' };
const STANDARDS: Readonly<Record<number, TokenStandard>> = { 20: 'ERC-20', 721: 'ERC-721', 1155: 'ERC-1155' };

const KEYS = keyset(approvalCursor, { index: 'tx_index', logIndex: 'log_index' });

function toItem(row: Row): ApprovalItem {
  const kind = KINDS[integer(row, 'kind')];
  if (!kind) throw new IndexRowError(`index row: kind ${String(row.kind)} is not an approval kind`);
  const standardCode = row.token_standard === null || row.token_standard === undefined ? null : integer(row, 'token_standard');
  const standard = standardCode === null ? null : STANDARDS[standardCode];
  if (standard === undefined) throw new IndexRowError(`index row: standard ${String(row.token_standard)} is not a token standard`);
  return {
    ...placeOf(row),
    index: integer(row, 'tx_index'),
    logIndex: integer(row, 'log_index'),
    kind,
    token: text(row, 'token') as Address,
    spender: text(row, 'spender') as Address,
    amount: big(row, 'amount'),
    tokenFacts:
      standard === null
        ? null
        : { standard, symbol: optionalText(row, 'token_symbol'), decimals: row.token_decimals === null ? null : integer(row, 'token_decimals') },
  };
}

/**
 * One page of what `owner` has approved as of block `atBlock` of its zone `chain` (rows of other
 * zones, where a contract may name the owner too, are taken at the index's height there).
 */
/** The newest row per (token, spender, kind) of owner $1 as of block $3 of chain $2. */
const LATEST = `
  latest AS (
    SELECT DISTINCT ON (a.token, a.spender, a.kind) a.*
      FROM token_approvals a
     WHERE a.owner = decode($1, 'hex') AND (a.chain <> $2 OR a.block_number <= $3)
     ORDER BY a.token, a.spender, a.kind, a.block_number DESC, a.tx_index DESC, a.log_index DESC
  )`;

/** Whether the token of row `t` looks like a token: a transfer of it in the index, or its contract verified here. */
const LOOKS_LIKE_TOKEN = `(EXISTS (SELECT 1 FROM token_transfers x WHERE x.token = t.token AND x.chain = t.chain)
    OR EXISTS (SELECT 1 FROM verified_contracts v WHERE v.address = t.token))`;

export async function currentApprovals(
  q: Queryable,
  owner: Address,
  options: { chain: ChainName; atBlock: bigint; limit: number; cursor?: string | null },
): Promise<ApprovalPage> {
  const limit = clampLimit(options.limit);
  const params: unknown[] = [hexParam(owner), options.chain, options.atBlock, limit + 1];
  const rows = await q.query(
    `WITH ${LATEST}
     SELECT t.chain, t.block_number::text AS block_number, t.tx_index, t.log_index, t.kind, ${hexCol('t.token', 'token')},
            ${hexCol('t.spender', 'spender')}, t.amount::text AS amount, ${hexCol('x.hash', 'tx_hash')}, ${hexCol('b.hash', 'block_hash')},
            b.timestamp::text AS timestamp, k.standard AS token_standard, k.symbol AS token_symbol, k.decimals AS token_decimals
       FROM latest t
       JOIN transactions x ON x.chain = t.chain AND x.block_number = t.block_number AND x.tx_index = t.tx_index
       JOIN blocks b ON b.chain = t.chain AND b.number = t.block_number
       LEFT JOIN tokens k ON k.chain = t.chain AND k.token = t.token
      WHERE t.amount > 0 AND ${LOOKS_LIKE_TOKEN}${KEYS.olderThan('t', options.cursor, params)}
      ORDER BY ${KEYS.order('t')} LIMIT $4`,
    params,
  );
  return KEYS.page(rows, limit, toItem);
}

/** The standing approvals of `owner` (as currentApprovals finds them) from contracts that do not look like tokens. */
export async function unrecognisedApprovals(q: Queryable, owner: Address, options: { chain: ChainName; atBlock: bigint }): Promise<UnrecognisedApprovals> {
  const rows = await q.query(
    `WITH ${LATEST},
     counted AS (
       SELECT t.chain, t.token, count(*)::int AS approvals FROM latest t
        WHERE t.amount > 0 AND NOT ${LOOKS_LIKE_TOKEN}
        GROUP BY t.chain, t.token
     )
     SELECT c.chain, ${hexCol('c.token', 'token')}, c.approvals,
            count(*) OVER ()::int AS contracts, (sum(c.approvals) OVER ())::int AS total
       FROM counted c ORDER BY c.approvals DESC, c.token LIMIT $4`,
    [hexParam(owner), options.chain, options.atBlock, UNRECOGNISED_SHOWN],
  );
  const first = rows[0];
  return {
    approvals: first ? integer(first, 'total') : 0,
    contracts: first ? integer(first, 'contracts') : 0,
    top: rows.map((r) => ({ chain: chainName(text(r, 'chain'), 'chain') as ChainName, token: text(r, 'token') as Address, approvals: integer(r, 'approvals') })),
  };
}
