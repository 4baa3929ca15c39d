/**
 * A contract's functions read from its runtime code (lib/contracts/bytecode/analyze.ts), cached per code
 * hash: code never changes under its hash, so one analysis serves every address that runs the
 * same code (every clone's implementation, every copy of a token) for the life of the process.
 * One per process (lib/ops/process-wide.ts): Next bundles the pages and the API routes apart.
 */
import { LRUCache } from 'lru-cache';
import { keccak256, type Hex } from 'viem';
import { codeFunctions, type CodeFunction } from '@/lib/contracts/bytecode/analyze';
import { recordCacheLookup } from '@/lib/ops/metrics';
import { processWide } from '@/lib/ops/process-wide';

/** Analyses kept: a few hundred bytes each. */
const MAX = 5_000;
/** Code larger than this is not analysed (the EVM's limit is 24 KiB; Quai's the same). */
export const MAX_ANALYSED_BYTES = 64 * 1024;

function cache(): LRUCache<Hex, readonly CodeFunction[]> {
  return processWide('bytecode.analyses', () => new LRUCache<Hex, readonly CodeFunction[]>({ max: MAX }));
}

export interface CodeAnalysis {
  readonly codeHash: Hex;
  readonly functions: readonly CodeFunction[];
}

/** The functions of `code` (runtime, not empty); the same answer for the same code hash. Never throws. */
export function analyseCode(code: Hex): CodeAnalysis {
  const codeHash = keccak256(code);
  const kept = cache().get(codeHash);
  recordCacheLookup('code-analysis', kept !== undefined);
  if (kept) return { codeHash, functions: kept };
  let functions: readonly CodeFunction[] = [];
  if ((code.length - 2) / 2 <= MAX_ANALYSED_BYTES) {
    try {
      functions = codeFunctions(code);
    } catch {
      // Code the analyser cannot read has no functions to show; it is not asked again.
      functions = [];
    }
  }
  cache().set(codeHash, functions);
  return { codeHash, functions };
}
