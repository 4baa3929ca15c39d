/**
 * The value a transaction moved below its root call, from its callTracer tree: every CALL,
 * CALLCODE, CREATE or CREATE2 frame with value > 0 and every SELFDESTRUCT that sent a balance,
 * depth first (the order they ran). The root is the transaction itself, already in the history.
 * Pure: the tx page and the index derivation call the same function.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from 'viem';
import type { CallFrame, InternalTransfer } from '@/lib/rpc/trace-types';

export interface TransferOrigin {
  readonly chain: ChainName;
  readonly txHash: Hash;
  readonly blockNumber: bigint;
  readonly txIndex: number;
}

/** DELEGATECALL and STATICCALL carry the caller's value (or none): they move nothing. */
const MOVES_VALUE = new Set(['CALL', 'CALLCODE', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

export function internalTransfersOf(root: CallFrame, origin: TransferOrigin): InternalTransfer[] {
  const out: InternalTransfer[] = [];
  const walk = (frame: CallFrame, path: readonly number[], failedAbove: string | null): void => {
    frame.calls.forEach((child, i) => {
      const childPath = [...path, i];
      const failed = child.error ?? failedAbove;
      const value = child.value ?? 0n;
      if (MOVES_VALUE.has(child.type) && value > 0n && child.to !== null) {
        const creates = child.type === 'CREATE' || child.type === 'CREATE2';
        out.push({
          ...origin,
          traceId: childPath.join('_'),
          type: child.type,
          from: child.from,
          to: child.to,
          contractAddress: creates ? child.to : null,
          value,
          gas: child.gas,
          gasUsed: child.gasUsed,
          input: child.input,
          error: failed,
        });
      }
      walk(child, childPath, failed);
    });
  };
  walk(root, [], root.error);
  return out;
}
