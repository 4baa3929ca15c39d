/**
 * The token-approval derivation: one token_approvals row per `Approval` (ERC-20) or
 * `ApprovalForAll` (ERC-721 / ERC-1155) log of a receipt (approvalOf, migration 10), keyed by the
 * log's index in its block and rolled back with the block. What an owner has approved now is read
 * by readers/approval-reader.ts.
 */
import { columns, hexParam, text } from '../../drivers/sql';
import type { Derivation } from '../../engine/derivation';
import { approvalOf, type ApprovalKind } from '@/lib/decode/token-approvals';

export const APPROVAL_KIND_CODE: Readonly<Record<ApprovalKind, number>> = { allowance: 1, operator: 2 };

const INSERT_APPROVALS = `
  INSERT INTO token_approvals (chain, block_number, tx_index, log_index, kind, token, owner, spender, amount)
  SELECT chain, block_number::bigint, tx_index::integer, log_index::integer, kind::smallint, decode(token, 'hex'),
         decode(owner, 'hex'), decode(spender, 'hex'), amount::numeric
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
      AS u(chain, block_number, tx_index, log_index, kind, token, owner, spender, amount)`;

export const tokenApprovalDerivation: Derivation = {
  name: 'token-approvals',
  since: 10,
  tables: [{ name: 'token_approvals', rows: 'of-block' }],

  async write(tx, blocks) {
    const rows = blocks.flatMap((block) =>
      block.transactions.flatMap((t) =>
        t.logs.flatMap((log) => {
          const a = approvalOf(log);
          return a
            ? [[block.chain, text(block.number), text(t.index), text(log.logIndex), text(APPROVAL_KIND_CODE[a.kind]), hexParam(a.token), hexParam(a.owner), hexParam(a.spender), text(a.amount)]]
            : [];
        }),
      ),
    );
    if (rows.length > 0) await tx.query(INSERT_APPROVALS, columns(rows, 9));
  },
};
