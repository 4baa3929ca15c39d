/**
 * Constructor arguments: split off a creation input (creation code, arguments, maybe a salt) and
 * decoded with the verified ABI for display. Pure, browser-safe, never throws on chain data.
 */
import { decodeAbiParameters, type Abi, type AbiParameter, type Hex } from 'viem';
import type { DecodedArgument } from './types';

/** A value as text: bigints in decimal, arrays and tuples as JSON with bigints as strings. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return value.toString();
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The constructor's inputs of an ABI (empty when it has no constructor). */
export function constructorInputs(abi: Abi): readonly AbiParameter[] {
  const ctor = abi.find((item) => item.type === 'constructor');
  return ctor && 'inputs' in ctor ? ctor.inputs : [];
}

/** The arguments decoded; null when the constructor takes none or the bytes do not decode as them. */
export function decodeConstructorArguments(abi: Abi, args: Hex): DecodedArgument[] | null {
  const inputs = constructorInputs(abi);
  if (inputs.length === 0) return null;
  try {
    const values = decodeAbiParameters(inputs, args);
    return inputs.map((input, i) => ({ name: input.name ?? `arg${i}`, type: input.type, value: asText(values[i]) }));
  } catch {
    return null;
  }
}
