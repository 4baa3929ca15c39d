/**
 * ABI items as one line of human-readable Solidity, the form the signature database keeps and
 * viem's `parseAbi` reads back: `function transfer(address to, uint256 value) returns (bool)`,
 * `event Transfer(address indexed from, address indexed to, uint256 value)`,
 * `error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)`. Tuples are
 * spelled inline with their components' names. Pure and browser-safe.
 */
import type { AbiParameter, Hex } from 'viem';
import { toEventSelector, toFunctionSelector } from 'viem';

type AbiEntry = { readonly type: string; readonly name?: string; readonly inputs?: readonly AbiParameter[]; readonly outputs?: readonly AbiParameter[]; readonly stateMutability?: string; readonly anonymous?: boolean };

/** Names that would not parse back (chain text is not trusted to be an identifier). */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Words abitype's parser reads as modifiers, never as a parameter's name. */
const RESERVED = new Set(['indexed', 'memory', 'calldata', 'storage', 'payable', 'view', 'pure', 'returns', 'function', 'event', 'error', 'tuple']);

function parameterType(p: AbiParameter): string {
  if (p.type.startsWith('tuple') && 'components' in p) {
    return `(${p.components.map((c) => parameter(c, false)).join(', ')})${p.type.slice('tuple'.length)}`;
  }
  return p.type;
}

function parameter(p: AbiParameter & { readonly indexed?: boolean }, event: boolean): string {
  const name = p.name && IDENTIFIER.test(p.name) && !RESERVED.has(p.name) ? ` ${p.name}` : '';
  return `${parameterType(p)}${event && p.indexed ? ' indexed' : ''}${name}`;
}

/** The canonical form a selector hashes: `transfer(address,uint256)`. */
export function canonicalOf(name: string, inputs: readonly AbiParameter[]): string {
  const canon = (p: AbiParameter): string =>
    p.type.startsWith('tuple') && 'components' in p ? `(${p.components.map(canon).join(',')})${p.type.slice('tuple'.length)}` : p.type;
  return `${name}(${inputs.map(canon).join(',')})`;
}

/** The line for a function, event or error; null for anything else (constructors, fallbacks) or a name that is not an identifier. */
export function formatEntry(item: AbiEntry): string | null {
  if (!item.name || !IDENTIFIER.test(item.name)) return null;
  const inputs = item.inputs ?? [];
  if (item.type === 'function') {
    const mutability = item.stateMutability && item.stateMutability !== 'nonpayable' ? ` ${item.stateMutability}` : '';
    const outputs = item.outputs && item.outputs.length > 0 ? ` returns (${item.outputs.map((o) => parameter(o, false)).join(', ')})` : '';
    return `function ${item.name}(${inputs.map((p) => parameter(p, false)).join(', ')})${mutability}${outputs}`;
  }
  if (item.type === 'event') {
    if (item.anonymous) return null;
    return `event ${item.name}(${inputs.map((p) => parameter(p, true)).join(', ')})`;
  }
  if (item.type === 'error') return `error ${item.name}(${inputs.map((p) => parameter(p, false)).join(', ')})`;
  return null;
}

export type SignatureKind = 'function' | 'event' | 'error';

/** The selector (functions, errors: 4 bytes) or topic0 (events: 32 bytes) of an entry, lower-case. */
export function selectorOf(kind: SignatureKind, name: string, inputs: readonly AbiParameter[]): Hex {
  const canonical = canonicalOf(name, inputs);
  return (kind === 'event' ? toEventSelector(canonical) : toFunctionSelector(canonical)).toLowerCase() as Hex;
}
