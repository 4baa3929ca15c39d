/**
 * The functions a Write contract tab offers: every function of the contract's ABIs that is not
 * view or pure, the first ABI's when two declare one signature, each with the line saying where
 * its ABI came from (the verified source, a proxy's implementation's, an attached one). Pure and
 * browser-safe.
 */
import { toFunctionSignature, type Abi, type AbiFunction } from 'viem';

export interface SourcedAbi {
  readonly abi: Abi;
  /** One line for the reader: where this ABI came from. */
  readonly origin: string;
  /** True for an EIP-1967 proxy's implementation's ABI (the call goes through the proxy). */
  readonly throughProxy: boolean;
}

export interface WriteFunction {
  readonly fn: AbiFunction;
  /** `transfer(address,uint256)`: unique among the list, overloads apart. */
  readonly id: string;
  readonly origin: string;
  readonly throughProxy: boolean;
}

export function writeFunctions(abis: readonly SourcedAbi[]): WriteFunction[] {
  const seen = new Set<string>();
  const out: WriteFunction[] = [];
  for (const { abi, origin, throughProxy } of abis) {
    for (const item of abi) {
      if (item.type !== 'function' || item.stateMutability === 'view' || item.stateMutability === 'pure') continue;
      const id = toFunctionSignature(item);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ fn: item, id, origin, throughProxy });
    }
  }
  return out;
}
