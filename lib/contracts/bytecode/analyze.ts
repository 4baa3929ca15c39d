/**
 * A contract's functions read from its runtime code by evmole (a WebAssembly build, shipped in
 * its npm package: nothing downloaded, no native code): each selector the dispatcher routes, the
 * argument types its code decodes (`uint256,address[]`), and its state mutability (whether it
 * reads or writes storage, takes value). Unlike a verified ABI it gives no names and no return
 * types; the signature database names what it can (./functions.ts). Server-only (evmole loads
 * its WebAssembly from its package); callers cache by code hash (lib/server/contracts/).
 */
import { contractInfo } from 'evmole';
import type { Hex } from 'viem';

export type CodeMutability = 'pure' | 'view' | 'nonpayable' | 'payable';

export interface CodeFunction {
  /** Lower-case, 0x and 4 bytes. */
  readonly selector: Hex;
  /** The argument types as the code reads them, canonical and comma-separated (`` for none). */
  readonly argumentTypes: string;
  readonly stateMutability: CodeMutability;
}

const MUTABILITY = new Set<string>(['pure', 'view', 'nonpayable', 'payable']);
const CANONICAL = /^[a-z0-9(),[\]]*$/;

/** The functions of `code` (runtime, 0x hex), by selector order; empty for code without a dispatcher. */
export function codeFunctions(code: Hex): CodeFunction[] {
  if (code === '0x') return [];
  const info = contractInfo(code, { selectors: true, arguments: true, stateMutability: true });
  const out: CodeFunction[] = [];
  for (const f of info.functions ?? []) {
    if (!/^[0-9a-f]{8}$/.test(f.selector)) continue;
    const args = f.arguments ?? '';
    out.push({
      selector: `0x${f.selector}`,
      // evmole writes canonical types; anything else is not trusted to parse.
      argumentTypes: CANONICAL.test(args) ? args : '',
      stateMutability: MUTABILITY.has(f.stateMutability ?? '') ? (f.stateMutability as CodeMutability) : 'nonpayable',
    });
  }
  return out.sort((a, b) => a.selector.localeCompare(b.selector));
}
