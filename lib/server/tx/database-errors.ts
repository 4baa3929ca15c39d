/**
 * The custom errors the signature database names for the reverts of a call tree: one ABI of the
 * errors whose selectors the failed frames returned (the first signature where several fit, those
 * selectors listed as guessed). A frame whose code has no verified or attached ABI is decoded with
 * it (./load-failure.ts), and says so.
 */
import type { Abi, Hex } from 'viem';
import { nameError } from '@/lib/decode/signature-db/name';
import { framesOf } from '@/lib/trace/frame-tree';
import type { CallFrame } from '@/lib/rpc/trace-types';
import { loadSignatureBook } from '@/lib/server/signatures/load-signature-book';

export interface DatabaseErrors {
  readonly abi: Abi;
  /** Selectors several errors share. */
  readonly guessed: ReadonlySet<string>;
}

export const NO_DATABASE_ERRORS: DatabaseErrors = { abi: [], guessed: new Set() };

/** Different revert data examined at most. */
const MAX_REVERTS = 50;

export async function databaseErrorsFor(outputs: readonly Hex[]): Promise<DatabaseErrors> {
  const data = [...new Map(outputs.filter((o) => o.length >= 10).map((o) => [o.slice(0, 10).toLowerCase(), o])).values()].slice(0, MAX_REVERTS);
  if (data.length === 0) return NO_DATABASE_ERRORS;
  const book = await loadSignatureBook({ error: data.map((d) => d.slice(0, 10) as Hex) });
  const abi: Abi[number][] = [];
  const guessed = new Set<string>();
  for (const d of data) {
    const naming = nameError(book, d);
    if (naming.kind === 'none') continue;
    abi.push(naming.item);
    if (naming.kind === 'guessed') guessed.add(d.slice(0, 10).toLowerCase());
  }
  return { abi, guessed };
}

/** For every frame of `root` that failed with data. */
export function databaseErrorsOf(root: CallFrame): Promise<DatabaseErrors> {
  const outputs: Hex[] = [];
  for (const { frame } of framesOf(root)) if (frame.error !== null && frame.output) outputs.push(frame.output);
  return databaseErrorsFor(outputs).catch(() => NO_DATABASE_ERRORS);
}
