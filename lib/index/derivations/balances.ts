/**
 * The balances derivation (migration 22), written by the balance pass (engine/balance-pass/): one
 * balance_changes row per (block, address) whose native balance the node says moved in that block
 * (balance-read.ts), and, as each block becomes complete (both stages passed it), the accounts'
 * current balances, their total and their transaction counts (strata_balance_accounts).
 *
 * A row is the node's balance at its block and the difference from the block before, both read
 * from the node: a fact of the chain alone, so the stages may write in any order, a re-run writes
 * the same rows, and a rolled-back or resumed index equals a fresh one.
 *
 * Rollback: strata_balance_accounts_rollback takes back what the blocks above the height added
 * to the accounts (from their balance_changes and history rows, still there: this derivation is
 * the last of DERIVATIONS, rolled back first); the engine then deletes the rows above the height
 * and lowers both stage cursors (block-store.ts).
 */
import { RETURNS_NO_ROWS } from '../drivers/db';
import { columns, hexParam, text } from '../drivers/sql';
import type { BalanceDerivation } from '../engine/derivation';
import { balanceReaders, type BalanceChange } from './balance-read';

export const BALANCES = 'balances';

const INSERT_CHANGES = `
  INSERT INTO balance_changes (chain, block_number, address, balance, delta)
  SELECT $1, block_number::bigint, decode(address, 'hex'), balance::numeric, delta::numeric
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS u(block_number, address, balance, delta)
  ON CONFLICT DO NOTHING`;

export const balancesDerivation: BalanceDerivation<BalanceChange> = {
  name: BALANCES,
  since: 22,
  pass: 'balance',
  // The pass starts at the first stored block when it has no cursor: nothing to re-read.
  rereads: false,
  tables: [
    { name: 'balance_changes', rows: 'of-block' },
    { name: 'account_balances', rows: 'totals' },
    { name: 'account_totals', rows: 'totals' },
    { name: 'address_tx_counts', rows: 'totals' },
  ],
  nodeReads: balanceReaders,

  async write(tx, _stage, blocks, facts) {
    const chain = blocks[0]?.chain;
    if (!chain) return;
    const rows = facts.filter((c) => c.chain === chain).map((c) => [text(c.blockNumber), hexParam(c.address), text(c.balance), text(c.delta)]);
    if (rows.length > 0) await tx.query(INSERT_CHANGES, [chain, ...columns(rows, 4)]);
    // The accounts as of the complete block, which this transaction's cursor move may have raised.
    await tx.query(`${RETURNS_NO_ROWS}SELECT strata_balance_accounts($1)`, [chain]);
  },

  async rollback(tx, chain, number) {
    await tx.query(`${RETURNS_NO_ROWS}SELECT strata_balance_accounts_rollback($1, $2)`, [chain, number]);
  },
};
