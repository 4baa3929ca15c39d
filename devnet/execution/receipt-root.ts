/**
 * Consensus encoding of receipts, for the header's receiptsRoot.
 *
 * go-quai kept go-ethereum's typed-receipt consensus form and appended the emitted ETXs:
 *   receipt = type ‖ rlp([status (0x01 or empty), cumulativeGasUsed, logsBloom, logs, etxs])
 *   log     = [address, topics, data]; etx = its typed encoding as a byte string
 * The root is the DeriveSha list root (lib/protocol/trie-root.ts) over those encodings.
 */
import { concatHex, toHex, toRlp, type Hex } from 'viem';
import { listRoot } from '@/lib/protocol/trie-root';
import type { ReceiptRecord } from './api';

function uint(value: bigint): Hex {
  return value === 0n ? '0x' : toHex(value);
}

export function encodeReceipt(r: ReceiptRecord): Hex {
  const body = toRlp([
    r.status === 1 ? '0x01' : '0x',
    uint(r.cumulativeGasUsed),
    r.logsBloom,
    r.logs.map((l) => [l.address, [...l.topics], l.data]),
    r.etxs.map((e) => e.raw),
  ]);
  return concatHex([toHex(r.type, { size: 1 }), body]);
}

export function receiptsRoot(receipts: readonly ReceiptRecord[]): Promise<Hex> {
  return listRoot(receipts.map(encodeReceipt));
}

export function rawListRoot(raws: readonly Hex[]): Promise<Hex> {
  return listRoot(raws);
}
