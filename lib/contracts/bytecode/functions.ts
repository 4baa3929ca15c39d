/**
 * A contract's functions as an ABI, read from its runtime code (./analyze.ts) and named from the
 * signature database where a signature fits the selector (lib/decode/signature-db): the name,
 * parameter names and return types of that signature, the state mutability the code shows. A
 * selector no signature names is a function named by its selector (lib/decode/function-selector.ts)
 * with the argument types the code reads and unknown outputs. Pure.
 */
import { parseAbiParameters, type AbiFunction, type AbiParameter, type Hex } from 'viem';
import type { SignatureBook } from '@/lib/decode/signature-db/book';
import { nameFunction } from '@/lib/decode/signature-db/name';
import type { CodeFunction } from './analyze';

export interface CodeAbi {
  readonly functions: readonly AbiFunction[];
  /** Selectors named by the database. */
  readonly named: readonly Hex[];
  /** Selectors several signatures fit: the first is shown, marked guessed; the others here. */
  readonly guessed: Readonly<Record<string, readonly string[]>>;
}

function parameters(types: string): readonly AbiParameter[] | null {
  if (types === '') return [];
  try {
    return parseAbiParameters(types.replace(/,/g, ', ')) as readonly AbiParameter[];
  } catch {
    return null;
  }
}

/** The functions of `code`, those the database names by their names. `only`: keep these selectors alone (a Diamond's facet). */
export function codeAbi(functions: readonly CodeFunction[], book: SignatureBook, only?: ReadonlySet<string>): CodeAbi {
  const out: AbiFunction[] = [];
  const named: Hex[] = [];
  const guessed: Record<string, readonly string[]> = {};
  for (const f of functions) {
    if (only && !only.has(f.selector)) continue;
    const naming = nameFunction(book, f.selector, null, f.argumentTypes);
    if (naming.kind !== 'none') {
      named.push(f.selector);
      if (naming.kind === 'guessed') guessed[f.selector] = naming.alternatives;
      out.push({ ...naming.item, stateMutability: f.stateMutability });
      continue;
    }
    const inputs = parameters(f.argumentTypes);
    out.push({ type: 'function', name: f.selector, inputs: inputs ?? [], outputs: [], stateMutability: f.stateMutability });
  }
  return { functions: out, named, guessed };
}
