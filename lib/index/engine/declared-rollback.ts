/**
 * The engine's part of a rollback: deleting, from each table a derivation declares
 * (Derivation.tables), the rows of the blocks above a height. Statements are built from the
 * declaration's names, which are code, never input; each is checked to be a plain identifier.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Queryable } from '../drivers/db';
import type { Derivation, DerivedTable } from './derivation';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`derivation table or column "${name}" is not a plain identifier`);
  return name;
}

/** The statement ($1 chain, $2 height) deleting `table`'s rows above the height, or null for totals. */
export function deleteAbove(table: DerivedTable): string | null {
  switch (table.rows) {
    case 'of-block':
      return `DELETE FROM ${identifier(table.name)} WHERE chain = $1 AND block_number > $2`;
    case 'of-parties': {
      const addresses = table.addresses.map((c) => `p.${identifier(c)}`).join(', ');
      const key = table.key.map((c) => `a.${identifier(c)} = p.${c}`).join(' AND ');
      return `DELETE FROM ${identifier(table.name)} a USING ${identifier(table.parent)} p
               WHERE p.chain = $1 AND p.block_number > $2 AND a.address IN (${addresses}) AND ${key}`;
    }
    case 'totals':
      return null;
  }
}

/** Removes what blocks of `chain` above `number` wrote through `derivation`: its rollback, then its tables, last first. */
export async function rollBackDerivation(tx: Queryable, derivation: Derivation, chain: ChainName, number: bigint): Promise<void> {
  await derivation.rollback?.(tx, chain, number);
  for (const table of [...derivation.tables].reverse()) {
    const statement = deleteAbove(table);
    if (statement) await tx.query(statement, [chain, number]);
  }
}

/**
 * Refuses a list the engine could not run: two derivations of one name (reads and re-reads are
 * found by name), or totals declared without the rollback that takes them back.
 */
export function checkDerivations(derivations: readonly Derivation[]): void {
  const names = new Set<string>();
  for (const d of derivations) {
    if (names.has(d.name)) throw new Error(`two derivations are named ${d.name}`);
    names.add(d.name);
    const totals = d.tables.find((t) => t.rows === 'totals');
    if (totals && !d.rollback) throw new Error(`derivation ${d.name} keeps totals in ${totals.name} but declares no rollback`);
    for (const t of d.tables) deleteAbove(t); // throws on a name that is not a plain identifier
  }
}
