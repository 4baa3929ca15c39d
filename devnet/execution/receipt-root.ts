/**
 * The header's receiptsRoot: the list root of the receipts' consensus encodings
 * (lib/protocol/receipt.ts, shared with the explorer's evidence verifier), the ETXs a
 * transaction emitted carried as their raw encodings.
 */
import type { Hex } from 'viem';
import { encodeReceipt as encodeConsensusReceipt } from '@/lib/protocol/receipt';
import { listRoot } from '@/lib/protocol/trie-root';
import type { ReceiptRecord } from './api';

export function encodeReceipt(r: ReceiptRecord): Hex {
  return encodeConsensusReceipt({ ...r, etxs: r.etxs.map((e) => e.raw) });
}

export function receiptsRoot(receipts: readonly ReceiptRecord[]): Promise<Hex> {
  return listRoot(receipts.map(encodeReceipt));
}

export function rawListRoot(raws: readonly Hex[]): Promise<Hex> {
  return listRoot(raws);
}
