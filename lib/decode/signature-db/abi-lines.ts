/**
 * An ABI's functions, events and errors as the signature database keeps them: kind, selector (an
 * event's topic0) and the human-readable line. What a verification adds to this instance's part
 * of the database, and what the operator's attached ABIs add. Pure.
 */
import type { Abi, AbiParameter, Hex } from 'viem';
import { formatEntry, selectorOf, type SignatureKind } from './format';

export interface AbiLine {
  readonly kind: SignatureKind;
  readonly selector: Hex;
  readonly signature: string;
}

export function abiLines(abi: Abi | readonly unknown[]): AbiLine[] {
  const out: AbiLine[] = [];
  const seen = new Set<string>();
  for (const raw of abi) {
    if (typeof raw !== 'object' || raw === null) continue;
    const item = raw as { type?: unknown; name?: unknown; inputs?: unknown };
    if (item.type !== 'function' && item.type !== 'event' && item.type !== 'error') continue;
    if (typeof item.name !== 'string' || !Array.isArray(item.inputs)) continue;
    let line: string | null;
    let selector: Hex;
    try {
      line = formatEntry(raw as never);
      selector = selectorOf(item.type, item.name, item.inputs as AbiParameter[]);
    } catch {
      continue;
    }
    if (!line || seen.has(line)) continue;
    seen.add(line);
    out.push({ kind: item.type, selector, signature: line });
  }
  return out;
}
