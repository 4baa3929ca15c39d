/**
 * The consensus encoding of a receipt: what a block's receiptsRoot is the list root of
 * (trie-root.ts). go-quai kept go-ethereum's typed-receipt form and appended the ETXs the
 * transaction emitted:
 *   receipt = type ‖ rlp([status (0x01 or empty), cumulativeGasUsed, logsBloom, logs, etxs])
 *   log     = [address, topics, data]; etx = its typed encoding (transaction.ts) as a byte string
 * gasUsed, effectiveGasPrice, contractAddress and the logs' positions are not part of it: a node
 * derives them, so whoever checks a receipt derives them again (gasUsed from the cumulative gas
 * of the receipt before it).
 *
 * Checked against: the devnet's receipts roots (it builds its headers with this encoder), and
 * through them the explorer's evidence tests, which rebuild the roots from receipts as the node
 * serves them over JSON-RPC.
 */
import { concatHex, numberToHex, toRlp, type Address, type Hex } from 'viem';
import { uintToRlpBytes } from './rlp-fields';

export interface ConsensusLog {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

export interface ConsensusReceipt {
  readonly type: 0 | 1 | 2;
  /** 1 success, 0 reverted. */
  readonly status: 0 | 1;
  readonly cumulativeGasUsed: bigint;
  /** 256 bytes. */
  readonly logsBloom: Hex;
  readonly logs: readonly ConsensusLog[];
  /** The raw typed encodings of the ETXs the transaction emitted. */
  readonly etxs: readonly Hex[];
}

export function encodeReceipt(r: ConsensusReceipt): Hex {
  const body = toRlp([
    r.status === 1 ? '0x01' : '0x',
    uintToRlpBytes(r.cumulativeGasUsed),
    r.logsBloom,
    r.logs.map((l) => [l.address, [...l.topics], l.data]),
    [...r.etxs],
  ]);
  return concatHex([numberToHex(r.type, { size: 1 }), body]);
}
