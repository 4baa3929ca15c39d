/**
 * Naming what no verified ABI names, from the signature database (./book.ts): a call's input, a
 * log, a revert. A signature names the data only when the data decodes with it (strictly, as the
 * pages decode), and for a function read from runtime code only when its types are the ones the
 * code reads, where the code's were read. When more than one distinct signature still fits, the
 * first is shown and the name is marked guessed, with the others. Pure.
 */
import { decodeAbiParameters, type Abi, decodeEventLog, type AbiEvent, type AbiFunction, type Hex } from 'viem';

type AbiError = Extract<Abi[number], { readonly type: 'error' }>;
import { canonicalType } from '../abi';
import type { LogInput } from '../events';
import type { SignatureBook, SignatureSource } from './book';

export type Naming<T> =
  | { readonly kind: 'none' }
  /** One signature fits. */
  | { readonly kind: 'named'; readonly item: T; readonly source: SignatureSource }
  /** Several fit: `item` is the first (the shipped database's before this instance's), `alternatives` the others' signatures. */
  | { readonly kind: 'guessed'; readonly item: T; readonly alternatives: readonly string[] };

const canonical = (item: { name: string; inputs: readonly { type: string }[] }): string =>
  `${item.name}(${item.inputs.map((p) => canonicalType(p as never)).join(',')})`;

function decodes(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch {
    return false;
  }
}

function choose<T extends { name: string; inputs: readonly { type: string }[] }>(fits: readonly { readonly item: unknown; readonly source: SignatureSource }[]): Naming<T> {
  if (fits.length === 0) return { kind: 'none' };
  const items = fits.map((f) => f.item as T);
  const first = items[0]!;
  const others = [...new Set(items.map(canonical))].filter((c) => c !== canonical(first));
  if (others.length === 0) return { kind: 'named', item: first, source: fits[0]!.source };
  return { kind: 'guessed', item: first, alternatives: others };
}

/**
 * The function a selector names. `data`: calldata to decode (selector first), or null to name the
 * selector alone. `codeTypes`: the argument types read from runtime code (`uint256,address`),
 * null when not read; a signature with other types fits only when no signature has these.
 */
export function nameFunction(book: SignatureBook, selector: Hex, data: Hex | null, codeTypes: string | null = null): Naming<AbiFunction> {
  const all = book.lookup('function', selector);
  const decoding = data === null ? all : all.filter((s) => decodes(() => decodeAbiParameters(s.item.inputs, `0x${data.slice(10)}`)));
  const typed = codeTypes === null ? decoding : decoding.filter((s) => s.item.inputs.map((p) => canonicalType(p)).join(',') === codeTypes);
  return choose<AbiFunction>(typed.length > 0 ? typed : decoding);
}

/** The event a log's topic0 names: only signatures whose indexed inputs are the log's topics, and whose data decodes. */
export function nameEvent(book: SignatureBook, log: LogInput): Naming<AbiEvent> {
  const topic0 = log.topics[0];
  if (!topic0) return { kind: 'none' };
  const fits = book.lookup('event', topic0).filter(
    (s) =>
      s.item.inputs.filter((p) => p.indexed).length + 1 === log.topics.length &&
      decodes(() => decodeEventLog({ abi: [s.item], topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true })),
  );
  // Signatures differing only by which inputs are indexed were told apart by the topic count.
  return choose<AbiEvent>(fits);
}

/** The custom error a revert's selector names, its arguments decoding. */
export function nameError(book: SignatureBook, data: Hex): Naming<AbiError> {
  if (data.length < 10) return { kind: 'none' };
  const fits = book.lookup('error', data.slice(0, 10) as Hex).filter((s) => decodes(() => decodeAbiParameters(s.item.inputs, `0x${data.slice(10)}`)));
  return choose<AbiError>(fits);
}
