/**
 * Migration 22: balances through time, written by the balance pass (engine/balance-pass/,
 * derivations/balances.ts).
 *
 * balance_changes holds one row per (zone, block, address) whose native balance at that block
 * differs from its balance at the block before: `balance` as the node answered at the block,
 * `delta` the difference from the block before (also read from the node). Each row is a fact about
 * the chain alone, so rows written in any order (the pass's two stages, below) make the same table.
 * An address's history is read newest first through balance_changes_by_address.
 *
 * index_balance_cursor is the pass's cursor, one per stage: `number`, the last stored block whose
 * senders', recipients', created contracts' and miners' balances are written (right behind the
 * block cursor); `internal`, the last whose internal transfers' parties are written too (behind the
 * trace cursor). NULL: nothing yet; the stage then starts at the chain's first stored block. A block
 * is complete once both passed it (least of the two). strata_advance_balance_cursor moves one stage
 * over consecutive stored blocks as strata_advance_trace_cursor does (migration 9): the first must
 * follow the stage's cursor, each must still be stored with the hash it was read for (SX003).
 *
 * account_balances holds each address's balance as of the chain's complete block (its latest
 * change at or below it), account_totals per chain the sum of them and how far they go (`through`),
 * address_tx_counts each address's history rows (transactions) up to `through`: the top accounts,
 * richest first through account_balances_by_balance, each with its share of the total and its
 * transactions, without reading the history. strata_balance_accounts(chain) moves them from
 * `through` to the complete block (called in every balance transaction, after the cursor moved);
 * strata_balance_accounts_rollback(chain, n) takes back what the blocks above n added, while their
 * rows are still there (the derivation's rollback, before the engine deletes them).
 */
export const migration = {
  id: 22,
  name: 'balances',
  sql: `
CREATE TABLE balance_changes (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  address       bytea NOT NULL,
  balance       numeric(78) NOT NULL,
  delta         numeric(78) NOT NULL,
  PRIMARY KEY (chain, block_number, address)
);
CREATE INDEX balance_changes_by_address ON balance_changes (address, block_number, chain);

CREATE TABLE index_balance_cursor (
  chain       text PRIMARY KEY,
  number      bigint,
  internal    bigint,
  rate        real,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_balances (
  chain         text NOT NULL,
  address       bytea NOT NULL,
  balance       numeric(78) NOT NULL,
  block_number  bigint NOT NULL,
  PRIMARY KEY (chain, address)
);
CREATE INDEX account_balances_by_balance ON account_balances (chain, balance, address);

CREATE TABLE account_totals (
  chain     text PRIMARY KEY,
  through   bigint NOT NULL,
  total     numeric NOT NULL,
  accounts  bigint NOT NULL
);

CREATE TABLE address_tx_counts (
  chain         text NOT NULL,
  address       bytea NOT NULL,
  transactions  bigint NOT NULL,
  PRIMARY KEY (chain, address)
);

CREATE FUNCTION strata_advance_balance_cursor(p_chain text, p_stage text, p_first bigint, p_hashes text[], p_rate real)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c_number bigint;
  c_found boolean;
  c_expected bigint;
  c_stored bigint;
  c_last bigint := p_first + cardinality(p_hashes) - 1;
BEGIN
  IF p_stage = 'parties' THEN
    SELECT number INTO c_number FROM index_balance_cursor WHERE chain = p_chain FOR UPDATE;
  ELSE
    SELECT internal INTO c_number FROM index_balance_cursor WHERE chain = p_chain FOR UPDATE;
  END IF;
  c_found := FOUND;
  IF c_number IS NULL THEN
    SELECT min(number) INTO c_expected FROM blocks WHERE chain = p_chain;
  ELSE
    c_expected := c_number + 1;
  END IF;
  IF c_expected IS DISTINCT FROM p_first THEN
    RAISE EXCEPTION '%: balances of block % do not follow the % cursor (next is %)', p_chain, p_first, p_stage, coalesce(c_expected::text, 'none')
      USING ERRCODE = 'SX003';
  END IF;
  SELECT count(*) INTO c_stored
    FROM unnest(p_hashes) WITH ORDINALITY AS h(hash, i)
    JOIN blocks b ON b.chain = p_chain AND b.number = p_first + h.i - 1 AND b.hash = decode(h.hash, 'hex');
  IF c_stored <> cardinality(p_hashes) THEN
    RAISE EXCEPTION '%: blocks %..% are no longer stored as read (a rollback replaced them)', p_chain, p_first, c_last
      USING ERRCODE = 'SX003';
  END IF;
  IF NOT c_found THEN
    INSERT INTO index_balance_cursor (chain) VALUES (p_chain);
  END IF;
  IF p_stage = 'parties' THEN
    UPDATE index_balance_cursor SET number = c_last, rate = p_rate, updated_at = now() WHERE chain = p_chain;
  ELSE
    UPDATE index_balance_cursor SET internal = c_last, updated_at = now() WHERE chain = p_chain;
  END IF;
END
$$;

CREATE FUNCTION strata_balance_accounts(p_chain text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c_from bigint;
  c_to bigint;
BEGIN
  -- least() would skip a NULL: a stage that has written nothing completes nothing.
  SELECT CASE WHEN number IS NULL OR internal IS NULL THEN NULL ELSE least(number, internal) END INTO c_to
    FROM index_balance_cursor WHERE chain = p_chain;
  IF c_to IS NULL THEN
    RETURN;
  END IF;
  SELECT through INTO c_from FROM account_totals WHERE chain = p_chain FOR UPDATE;
  IF NOT FOUND THEN
    c_from := (SELECT min(number) FROM blocks WHERE chain = p_chain) - 1;
    INSERT INTO account_totals (chain, through, total, accounts) VALUES (p_chain, c_from, 0, 0);
  END IF;
  IF c_to <= c_from THEN
    RETURN;
  END IF;
  WITH latest AS (
    SELECT DISTINCT ON (address) address, balance, block_number FROM balance_changes
     WHERE chain = p_chain AND block_number > c_from AND block_number <= c_to
     ORDER BY address, block_number DESC),
  before AS (
    SELECT l.address, l.balance, a.balance AS old FROM latest l
      LEFT JOIN account_balances a ON a.chain = p_chain AND a.address = l.address),
  moved AS (
    INSERT INTO account_balances (chain, address, balance, block_number)
    SELECT p_chain, address, balance, block_number FROM latest
    ON CONFLICT (chain, address) DO UPDATE SET balance = EXCLUDED.balance, block_number = EXCLUDED.block_number)
  UPDATE account_totals SET total = total + coalesce((SELECT sum(balance - coalesce(old, 0)) FROM before), 0),
                            accounts = accounts + (SELECT count(*) FROM before WHERE old IS NULL),
                            through = c_to
   WHERE chain = p_chain;
  INSERT INTO address_tx_counts (chain, address, transactions)
  SELECT p_chain, a.address, count(*) FROM transactions t
    JOIN address_transactions a ON a.address IN (t.sender, t.recipient, t.contract_address) AND a.block_number = t.block_number
                               AND a.tx_index = t.tx_index AND a.chain = t.chain
   WHERE t.chain = p_chain AND t.block_number > c_from AND t.block_number <= c_to
   GROUP BY a.address
  ON CONFLICT (chain, address) DO UPDATE SET transactions = address_tx_counts.transactions + EXCLUDED.transactions;
END
$$;

CREATE FUNCTION strata_balance_accounts_rollback(p_chain text, p_number bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c_through bigint;
BEGIN
  SELECT through INTO c_through FROM account_totals WHERE chain = p_chain FOR UPDATE;
  IF NOT FOUND OR c_through <= p_number THEN
    RETURN;
  END IF;
  -- Each address the blocks above p_number changed, with its latest change at or below it (none: gone).
  WITH undo AS (
    SELECT f.address, p.balance, p.block_number, a.balance AS old
      FROM (SELECT DISTINCT address FROM balance_changes WHERE chain = p_chain AND block_number > p_number AND block_number <= c_through) f
      JOIN account_balances a ON a.chain = p_chain AND a.address = f.address
      LEFT JOIN LATERAL (SELECT c.balance, c.block_number FROM balance_changes c
                          WHERE c.address = f.address AND c.chain = p_chain AND c.block_number <= p_number
                          ORDER BY c.block_number DESC LIMIT 1) p ON true),
  gone AS (
    DELETE FROM account_balances a USING undo u WHERE a.chain = p_chain AND a.address = u.address AND u.balance IS NULL),
  back AS (
    UPDATE account_balances a SET balance = u.balance, block_number = u.block_number
      FROM undo u WHERE a.chain = p_chain AND a.address = u.address AND u.balance IS NOT NULL)
  UPDATE account_totals SET total = total + coalesce((SELECT sum(coalesce(balance, 0) - old) FROM undo), 0),
                            accounts = accounts - (SELECT count(*) FROM undo WHERE balance IS NULL),
                            through = p_number
   WHERE chain = p_chain;
  UPDATE address_tx_counts c SET transactions = c.transactions - d.n
    FROM (SELECT a.address, count(*) AS n FROM transactions t
            JOIN address_transactions a ON a.address IN (t.sender, t.recipient, t.contract_address) AND a.block_number = t.block_number
                                       AND a.tx_index = t.tx_index AND a.chain = t.chain
           WHERE t.chain = p_chain AND t.block_number > p_number AND t.block_number <= c_through
           GROUP BY a.address) d
   WHERE c.chain = p_chain AND c.address = d.address;
  DELETE FROM address_tx_counts WHERE chain = p_chain AND transactions = 0;
END
$$;

CREATE TRIGGER index_balance_cursor_committed AFTER INSERT OR DELETE OR UPDATE OF number, internal ON index_balance_cursor
  FOR EACH STATEMENT EXECUTE FUNCTION strata_index_committed();
`,
} as const;
