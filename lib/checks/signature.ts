/**
 * The transaction page's signature check: decode the raw bytes the node served
 * (getRawTransactionByHash), recompute the hash and recover the sender with the project's own
 * codec (lib/protocol/transaction.ts), and compare each with what the node's JSON says.
 * Every item is reported as match or mismatch, so a reader sees exactly what was checked.
 */
import type { Hex } from 'viem';
import {
  decodeTransaction,
  recoverSender,
  transactionHash,
  type QuaiTransaction,
} from '@/lib/protocol/transaction';
import type { Transaction } from '@/lib/rpc/domain';

export interface CheckItem {
  readonly label: string;
  /** What the node's transaction object says. */
  readonly node: string;
  /** What the raw bytes say, recomputed here. */
  readonly recomputed: string;
  readonly match: boolean;
}

export type SignatureReport =
  | { readonly ok: true; readonly decoded: QuaiTransaction; readonly items: readonly CheckItem[]; readonly allMatch: boolean }
  | { readonly ok: false; readonly error: string };

function item(label: string, node: string, recomputed: string, caseInsensitive = false): CheckItem {
  const match = caseInsensitive ? node.toLowerCase() === recomputed.toLowerCase() : node === recomputed;
  return { label, node, recomputed, match };
}

const str = (v: bigint | null | undefined): string => (v === null || v === undefined ? '—' : v.toString());
const hex = (v: bigint | null | undefined): string => (v === null || v === undefined ? '—' : `0x${v.toString(16)}`);

/** Compares the node's transaction object with its raw encoding. */
export async function checkTransaction(node: Transaction, raw: Hex): Promise<SignatureReport> {
  let decoded: QuaiTransaction;
  try {
    decoded = decodeTransaction(raw);
  } catch (error) {
    return { ok: false, error: `The raw transaction does not decode: ${error instanceof Error ? error.message : String(error)}` };
  }

  const items: CheckItem[] = [item('Hash = keccak256(raw)', node.hash, transactionHash(raw), true)];

  let recovered: string;
  try {
    recovered = await recoverSender(decoded);
  } catch (error) {
    recovered = `not recoverable (${error instanceof Error ? error.message : String(error)})`;
  }
  if (node.type === 1) {
    items.push(item('Sender (ETX sender field)', node.sender, recovered, true));
  } else {
    items.push(item('Sender recovered from signature', node.from, recovered, true));
  }

  items.push(
    item('Type', String(node.type), String(decoded.type)),
    item('Chain id', str(node.chainId), str(decoded.chainId)),
    item('Nonce', str(node.nonce), str(decoded.nonce)),
    item('To', node.to ?? 'contract creation', decoded.to ?? 'contract creation', true),
    item('Value (wei)', str(node.value), str(decoded.value)),
    item('Gas limit', str(node.gas), str(decoded.gas)),
    item('Max fee per gas', str(node.maxFeePerGas), str(decoded.gasFeeCap)),
    item('Max priority fee per gas', str(node.maxPriorityFeePerGas), str(decoded.gasTipCap)),
    item('Input data', node.input, decoded.data, true),
  );
  // chainId is null in some node releases while pending; that is not a mismatch of the bytes.
  if (node.chainId === null) items.splice(3, 1);

  if (decoded.type !== 1 && node.type !== 1) {
    items.push(item('Signature v', str(node.v), str(decoded.v)), item('Signature r', hex(node.r), hex(decoded.r)), item('Signature s', hex(node.s), hex(decoded.s)));
  }
  if (decoded.type === 2 && node.type === 2) {
    items.push(
      item('ETX gas limit', str(node.etxGasLimit), str(decoded.etxGasLimit)),
      item('ETX gas price', str(node.etxGasPrice), str(decoded.etxGasPrice)),
      item('ETX gas tip', str(node.etxGasTip), str(decoded.etxGasTip)),
      item('ETX data', node.etxData, decoded.etxData, true),
    );
  }
  return { ok: true, decoded, items, allMatch: items.every((i) => i.match) };
}
