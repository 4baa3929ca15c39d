/**
 * Migration 3: where ETXs start. One etx_origins row per ETX a type 2 transaction emitted (its
 * receipt's `etxs`), keyed by the origin block so a rollback of that block removes the journey.
 *
 * The other end needs no table: the destination zone includes the ETX as a type 1 transaction
 * with the same hash, which the history already stores in `transactions` (indexed by hash). A
 * journey is its origin row joined to that transaction by hash; "pending" until the destination
 * zone's block is indexed, and back to pending if that block is rolled back. Either zone may be
 * indexed first: nothing is written across chains.
 */
export const migration = {
  id: 3,
  name: 'etx-journeys',
  sql: `
CREATE TABLE etx_origins (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  tx_index      integer NOT NULL,
  etx_index     integer NOT NULL,
  hash          bytea NOT NULL,
  destination   text NOT NULL,
  PRIMARY KEY (chain, block_number, tx_index, etx_index)
);
CREATE INDEX etx_origins_by_hash ON etx_origins (hash)
`,
} as const;
