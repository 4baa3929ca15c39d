/**
 * The token-stats derivation (migration 21): per token, running totals the list of tokens sorts
 * and shows without reading a token's transfers: how many transfers it had, how many addresses
 * hold it, and how much was minted and burned (its supply as its transfers tell it); per holder,
 * the balance those transfers add up to (how holders are counted); per UTC hour, its transfers
 * (the last 24 h are 24 rows).
 *
 * A window adds its transfers' totals. A holder is counted when its balance turns positive and
 * uncounted when it falls back to zero or below, each seen by the upsert that moves it (the
 * balance it returns, less what it added, is the one before), so the count equals the number of
 * positive balances whatever order blocks are written in (a re-read writes old blocks after new
 * ones). The zero address is the mint's source and the burn's sink, never a holder. An ERC-721
 * transfer moves an amount of 1, so its supply counts tokens; an ERC-1155 one sums all its ids.
 *
 * Each row also carries the token's standard and lower-cased name and symbol, copied from its
 * `tokens` row (the tokens derivation, before this one in DERIVATIONS, writes it in the same
 * transaction when the token is first seen) whenever a window moves it: the list's filters then
 * read this table alone.
 *
 * The rollback subtracts what the blocks above the height added, from their token_transfers
 * rows: this derivation follows the token-transfer derivation in DERIVATIONS (index.ts), so it is
 * rolled back before those rows are deleted. Rows a rollback leaves at zero transfers go; a
 * balance left at zero stays (a fresh index keeps one too, for a holder who sent all it had),
 * and counts for nothing.
 */
import { RETURNS_NO_ROWS, type Queryable } from '../../drivers/db';
import { byteaParam } from '../../drivers/sql';
import type { Derivation } from '../../engine/derivation';
import type { IndexedBlock } from '../../engine/indexed-block';

const ZERO = '0x0000000000000000000000000000000000000000';
const ZERO_BYTEA = `\\x${'00'.repeat(20)}`;

/** Seconds in an hour: token_transfers_hourly's `hour` is a block's timestamp / 3,600. */
export const SECONDS_PER_HOUR = 3_600n;

/**
 * From the balance rows an upsert or update returned (`moved`: token, holder, balance after,
 * delta), the change of each token's holder count: +1 for each balance that turned positive, -1
 * for each that stopped being.
 */
const HOLDER_CHANGES = `
  SELECT token, sum(CASE WHEN balance > 0 AND balance - delta <= 0 THEN 1
                         WHEN balance <= 0 AND balance - delta > 0 THEN -1 ELSE 0 END) AS change
    FROM moved GROUP BY token`;

// $2-$4: one row per (token, holder) the window moved, with the sum it moved; $5-$8 per token.
const ADD_WINDOW = `${RETURNS_NO_ROWS}
  WITH d AS (SELECT * FROM unnest($2::bytea[], $3::bytea[], $4::numeric[]) AS d(token, holder, delta)),
  upserted AS (
    INSERT INTO token_balances AS b (chain, token, holder, balance)
    SELECT $1, token, holder, delta FROM d
    ON CONFLICT (chain, token, holder) DO UPDATE SET balance = b.balance + EXCLUDED.balance
    RETURNING b.token, b.holder, b.balance),
  moved AS (SELECT u.token, u.holder, u.balance, d.delta FROM upserted u JOIN d ON d.token = u.token AND d.holder = u.holder),
  changes AS (${HOLDER_CHANGES})
  INSERT INTO token_stats AS s (chain, token, transfers, holders, minted, burned, standard, name_key, symbol_key)
  SELECT $1, u.token, u.transfers, coalesce(c.change, 0), u.minted, u.burned, k.standard, lower(k.name), lower(k.symbol)
    FROM unnest($5::bytea[], $6::bigint[], $7::numeric[], $8::numeric[]) AS u(token, transfers, minted, burned)
    LEFT JOIN changes c ON c.token = u.token
    LEFT JOIN tokens k ON k.chain = $1 AND k.token = u.token
  ON CONFLICT (chain, token) DO UPDATE SET transfers = s.transfers + EXCLUDED.transfers, holders = s.holders + EXCLUDED.holders,
                                           minted = s.minted + EXCLUDED.minted, burned = s.burned + EXCLUDED.burned,
                                           standard = EXCLUDED.standard, name_key = EXCLUDED.name_key, symbol_key = EXCLUDED.symbol_key`;

const ADD_HOURS = `
  INSERT INTO token_transfers_hourly AS h (chain, token, hour, transfers)
  SELECT $1, * FROM unnest($2::bytea[], $3::integer[], $4::bigint[])
  ON CONFLICT (chain, token, hour) DO UPDATE SET transfers = h.transfers + EXCLUDED.transfers`;

// What the transfers above $2 had added, taken back: balances (and the holder counts they move), then the totals.
const REMOVE_BALANCES = `${RETURNS_NO_ROWS}
  WITH d AS (
    SELECT token, holder, -sum(delta) AS delta FROM (
        SELECT token, recipient AS holder, amount AS delta FROM token_transfers WHERE chain = $1 AND block_number > $2
        UNION ALL
        SELECT token, sender, -amount FROM token_transfers WHERE chain = $1 AND block_number > $2) m
     WHERE holder <> '${ZERO_BYTEA}'::bytea
     GROUP BY token, holder HAVING sum(delta) <> 0),
  moved AS (
    UPDATE token_balances b SET balance = b.balance + d.delta FROM d
     WHERE b.chain = $1 AND b.token = d.token AND b.holder = d.holder
    RETURNING b.token, b.holder, b.balance, d.delta),
  changes AS (${HOLDER_CHANGES})
  UPDATE token_stats s SET holders = s.holders + c.change FROM changes c WHERE s.chain = $1 AND s.token = c.token`;

const REMOVE_TOTALS = `
  UPDATE token_stats s SET transfers = s.transfers - t.transfers, minted = s.minted - t.minted, burned = s.burned - t.burned
    FROM (SELECT token, count(*) AS transfers,
                 coalesce(sum(amount) FILTER (WHERE sender = '${ZERO_BYTEA}'::bytea), 0) AS minted,
                 coalesce(sum(amount) FILTER (WHERE recipient = '${ZERO_BYTEA}'::bytea), 0) AS burned
            FROM token_transfers WHERE chain = $1 AND block_number > $2 GROUP BY token) t
   WHERE s.chain = $1 AND s.token = t.token`;

const REMOVE_HOURS = `
  UPDATE token_transfers_hourly h SET transfers = h.transfers - t.n
    FROM (SELECT tt.token, (b.timestamp / 3600)::integer AS hour, count(*) AS n
            FROM token_transfers tt JOIN blocks b ON b.chain = tt.chain AND b.number = tt.block_number
           WHERE tt.chain = $1 AND tt.block_number > $2 GROUP BY 1, 2) t
   WHERE h.chain = $1 AND h.token = t.token AND h.hour = t.hour`;

interface TokenTotals {
  transfers: number;
  minted: bigint;
  burned: bigint;
}

/** The window's sums: per (token, holder) the balance moved, per token its totals, per (token, hour) its transfers. */
function windowSums(blocks: readonly IndexedBlock[]) {
  const balances = new Map<string, { token: string; holder: string; delta: bigint }>();
  const tokens = new Map<string, TokenTotals>();
  const hours = new Map<string, { token: string; hour: number; transfers: number }>();
  const move = (token: string, holder: string, delta: bigint): void => {
    if (holder === ZERO) return;
    const key = `${token}:${holder}`;
    const entry = balances.get(key) ?? { token, holder, delta: 0n };
    entry.delta += delta;
    balances.set(key, entry);
  };
  for (const block of blocks) {
    const hour = Number(block.timestamp / SECONDS_PER_HOUR);
    for (const t of block.transactions) {
      for (const transfer of t.tokenTransfers) {
        const token = transfer.token.toLowerCase();
        const from = transfer.from.toLowerCase();
        const to = transfer.to.toLowerCase();
        move(token, from, -transfer.amount);
        move(token, to, transfer.amount);
        const totals = tokens.get(token) ?? { transfers: 0, minted: 0n, burned: 0n };
        totals.transfers += 1;
        if (from === ZERO) totals.minted += transfer.amount;
        if (to === ZERO) totals.burned += transfer.amount;
        tokens.set(token, totals);
        const hourKey = `${token}:${hour}`;
        const hourEntry = hours.get(hourKey) ?? { token, hour, transfers: 0 };
        hourEntry.transfers += 1;
        hours.set(hourKey, hourEntry);
      }
    }
  }
  return { balances: [...balances.values()].filter((b) => b.delta !== 0n), tokens, hours: [...hours.values()] };
}

async function writeStats(tx: Queryable, blocks: readonly IndexedBlock[]): Promise<void> {
  const chain = blocks[0]?.chain;
  if (!chain) return;
  const { balances, tokens, hours } = windowSums(blocks);
  if (tokens.size === 0) return;
  const totals = [...tokens.entries()];
  await tx.query(ADD_WINDOW, [
    chain,
    balances.map((b) => byteaParam(b.token)),
    balances.map((b) => byteaParam(b.holder)),
    balances.map((b) => b.delta.toString()),
    totals.map(([token]) => byteaParam(token)),
    totals.map(([, t]) => t.transfers),
    totals.map(([, t]) => t.minted.toString()),
    totals.map(([, t]) => t.burned.toString()),
  ]);
  await tx.query(ADD_HOURS, [chain, hours.map((h) => byteaParam(h.token)), hours.map((h) => h.hour), hours.map((h) => h.transfers)]);
}

export const tokenStatsDerivation: Derivation = {
  name: 'token-stats',
  since: 21,
  tables: [
    { name: 'token_stats', rows: 'totals' },
    { name: 'token_balances', rows: 'totals' },
    { name: 'token_transfers_hourly', rows: 'totals' },
  ],

  write: writeStats,

  async rollback(tx, chain, number) {
    await tx.query(REMOVE_BALANCES, [chain, number]);
    await tx.query(REMOVE_TOTALS, [chain, number]);
    await tx.query(REMOVE_HOURS, [chain, number]);
    await tx.query('DELETE FROM token_stats WHERE chain = $1 AND transfers = 0', [chain]);
    await tx.query('DELETE FROM token_transfers_hourly WHERE chain = $1 AND transfers = 0', [chain]);
  },
};
