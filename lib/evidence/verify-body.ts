/**
 * The block's body against its header: the transactions trie rebuilt from the raw transactions,
 * the receipts trie from the receipts (their consensus encoding, lib/protocol/receipt.ts), the
 * ETX trie from the ETXs the receipts name, the uncles' hash; and for a transaction bundle, the
 * transaction found in the trie, the node's fields against its raw bytes, its sender recovered
 * from its signature, and its receipt's derived figures (gas used, price, positions).
 */
import { keccak256, type Hex } from 'viem';
import { checkTransaction } from '@/lib/checks/signature';
import { headerFieldsOf } from '@/lib/checks/seal';
import { zoneOf } from '@/lib/protocol/chains';
import { sameHex } from '@/lib/checks/answer';
import { formatInteger } from '@/lib/text/format';
import { calcUncleHash } from '@/lib/protocol/header';
import { encodeReceipt } from '@/lib/protocol/receipt';
import { listRootSync } from '@/lib/protocol/trie-root';
import { decodeTransaction, encodeTransaction, recoverSender, transactionHash } from '@/lib/protocol/transaction';
import type { Receipt, Transaction } from '@/lib/rpc/domain';
import { isUnavailable } from './bundle';
import type { ChainHeader, ReadBundle } from './read-bundle';
import { allOf, fail, pass, unchecked, type Condition, type EvidenceCheck } from './report';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function rootOf(items: readonly Hex[]): { readonly root: Hex } | { readonly error: string } {
  try {
    return { root: listRootSync(items) };
  } catch (error) {
    return { error: message(error) };
  }
}

function rawHash(raw: Hex): Hex | undefined {
  try {
    return transactionHash(raw);
  } catch {
    return undefined;
  }
}

/** An ETX as a receipt lists it (a type 1 transaction object), back to its raw encoding. */
function etxRaw(etx: Transaction): Hex {
  if (etx.type !== 1) throw new Error(`an emitted ETX must be type 1, got type ${etx.type}`);
  if (etx.chainId === null) throw new Error('an emitted ETX has no chainId');
  return encodeTransaction({
    type: 1, chainId: etx.chainId, nonce: etx.nonce, gasTipCap: etx.maxPriorityFeePerGas, gasFeeCap: etx.maxFeePerGas,
    gas: etx.gas, to: etx.to, value: etx.value, data: etx.input, accessList: etx.accessList, sender: etx.sender,
  });
}

function receiptEncoding(receipt: Receipt): Hex {
  return encodeReceipt({
    type: receipt.type,
    status: receipt.status === 'success' ? 1 : 0,
    cumulativeGasUsed: receipt.cumulativeGasUsed,
    logsBloom: receipt.logsBloom,
    logs: receipt.logs,
    etxs: receipt.etxs.map(etxRaw),
  });
}

/** The receipts trie rebuilt, or the first receipt that cannot be encoded. */
export function receiptsRoot(receipts: readonly Receipt[]): { readonly root: Hex } | { readonly error: string } {
  const encoded: Hex[] = [];
  for (const [i, r] of receipts.entries()) {
    try {
      encoded.push(receiptEncoding(r));
    } catch (error) {
      return { error: `receipt ${i} cannot be encoded: ${message(error)}` };
    }
  }
  return rootOf(encoded);
}

function rootCondition(what: string, header: Hex, rebuilt: { readonly root: Hex } | { readonly error: string }): Condition {
  return 'error' in rebuilt
    ? { ok: false, expected: `${what} ${header}`, found: rebuilt.error }
    : { ok: sameHex(rebuilt.root, header), expected: `${what} ${header} (the header's)`, found: `${rebuilt.root} (rebuilt)` };
}

// ---- A transaction bundle ----

export interface TxPlace {
  /** The transaction's index in the block, found by hashing the raw transactions; -1 when none hashes to it. */
  readonly index: number;
  readonly raw: Hex | undefined;
}

export function placeOf(bundle: ReadBundle): TxPlace {
  const wanted = bundle.subject.transaction ?? '0x';
  const raws = bundle.body?.transactions ?? [];
  const index = raws.findIndex((raw) => sameHex(rawHash(raw), wanted));
  return { index, raw: index >= 0 ? raws[index] : undefined };
}

export function checkTxInRoot(bundle: ReadBundle, header: ChainHeader, place: TxPlace): EvidenceCheck {
  const raws = bundle.body?.transactions ?? [];
  const tx = bundle.transaction;
  const wanted = bundle.subject.transaction ?? '';
  const conditions: Condition[] = [
    rootCondition('transactionsRoot', header.transactionsRoot, rootOf(raws)),
    { ok: place.index >= 0, expected: `a transaction of the block hashing to ${wanted}`, found: `none of its ${raws.length} transactions does` },
    { ok: sameHex(tx?.hash, wanted), expected: `the node's transaction ${wanted}`, found: `transaction ${tx?.hash ?? 'none'}` },
    { ok: sameHex(tx?.blockHash, header.hash), expected: `the transaction's blockHash ${header.hash}`, found: `${tx?.blockHash ?? 'none'}` },
    { ok: tx?.transactionIndex === place.index, expected: `the transaction's index ${place.index} (its place among the raw transactions)`, found: `${tx?.transactionIndex ?? 'none'}` },
  ];
  return allOf('transaction in transactions root', conditions, {
    expected: `transactionsRoot ${header.transactionsRoot}`,
    found: `rebuilt from the block's ${raws.length} raw transactions; ${wanted} at index ${place.index}`,
    detail: 'The transaction is one of the transactions the sealed header commits to.',
  });
}

/** The node's fields against the raw bytes, and the sender recovered from the signature. */
export async function checkTxFields(bundle: ReadBundle, place: TxPlace): Promise<EvidenceCheck[]> {
  const tx = bundle.transaction;
  if (!tx || !place.raw) {
    const why = 'the transaction is not among the block\'s raw transactions';
    return [fail('transaction fields', 'the transaction\'s raw bytes', why), fail("sender's signature", 'the transaction\'s raw bytes', why)];
  }
  const compared = await checkTransaction(tx, place.raw);
  if (!compared.ok) return [fail('transaction fields', 'raw bytes that decode', compared.error), fail("sender's signature", 'raw bytes that decode', compared.error)];
  const isSender = (label: string) => label.startsWith('Sender');
  const fields = compared.items.filter((i) => !isSender(i.label) && i.label !== 'Hash = keccak256(raw)');
  const fieldCheck = allOf(
    'transaction fields',
    fields.map((i) => ({ ok: i.match, expected: `${i.label}: ${i.node} (the node's)`, found: `${i.recomputed} (decoded from the raw bytes)` })),
    {
      expected: `value ${formatInteger(tx.value)} wei to ${tx.to ?? 'a new contract'}, nonce ${tx.nonce}`,
      found: `${fields.length} fields decoded from the raw bytes agree`,
      detail: 'Type, chain id, nonce, recipient, value, gas, fees and input are the ones in the raw bytes the trie commits to.',
    },
  );
  if (tx.type === 1) {
    const origin = zoneOf(tx.sender);
    return [
      fieldCheck,
      unchecked(
        "sender's signature",
        `An ETX carries no signature: its sender (${tx.sender}), value and data were fixed by the transaction that emitted it in ${origin.label}. ` +
          'Its origin is not checked until the manifests linking that block to this one are; they are not in this bundle.',
        tx.sender,
      ),
    ];
  }
  const sender = compared.items.find((i) => isSender(i.label));
  const signature = sender
    ? sender.match
      ? pass("sender's signature", `from ${sender.node} (the node's)`, `${sender.recomputed} (recovered from the signature)`, 'The sender signed exactly these bytes.')
      : fail("sender's signature", `from ${sender.node} (the node's)`, sender.recomputed, 'The signature over the raw bytes recovers another address.')
    : fail("sender's signature", 'a signature to recover', 'none');
  return [fieldCheck, signature];
}

export function checkReceiptInRoot(bundle: ReadBundle, header: ChainHeader, place: TxPlace): EvidenceCheck {
  const receipts = bundle.body?.receipts;
  if (!receipts || isUnavailable(receipts)) {
    return unchecked('receipt in receipts root', `The node gave no receipts (${receipts ? receipts.unavailable : 'none in the bundle'}): status, gas and logs cannot be checked.`);
  }
  const raws = bundle.body?.transactions ?? [];
  const receipt = receipts[place.index];
  const conditions: Condition[] = [
    { ok: receipts.length === raws.length, expected: `one receipt per transaction (${raws.length})`, found: `${receipts.length} receipts` },
    rootCondition('receiptsRoot', header.receiptsRoot, receiptsRoot(receipts)),
    { ok: sameHex(receipt?.transactionHash, bundle.subject.transaction), expected: `receipt ${place.index} of transaction ${bundle.subject.transaction ?? ''}`, found: `${receipt?.transactionHash ?? 'none'}` },
  ];
  const status = receipt ? (receipt.status === 'success' ? 'success' : 'reverted') : '';
  return allOf('receipt in receipts root', conditions, {
    expected: `receiptsRoot ${header.receiptsRoot}`,
    found: receipt ? `rebuilt from ${receipts.length} receipts; this one: status ${status}, cumulative gas ${formatInteger(receipt.cumulativeGasUsed)}, ${receipt.logs.length} logs, ${receipt.etxs.length} ETXs` : 'no receipt',
    detail: 'Status, cumulative gas, logs (address, topics, data) and emitted ETXs are the ones the sealed header commits to.',
  });
}

/** The receipt's fields the receipts trie commits to (its consensus encoding, lib/protocol/receipt.ts). */
export const RECEIPT_FIELDS_IN_TRIE = ['status', 'cumulativeGasUsed', 'logsBloom', 'logs (address, topics, data)', 'etxs'] as const;
/** The receipt's fields that are not in the trie, each derived again here from what is committed. */
export const RECEIPT_FIELDS_DERIVED = [
  'gasUsed', 'effectiveGasPrice', 'type', 'from', 'to', 'contractAddress', 'transactionHash', 'transactionIndex', 'blockHash', 'blockNumber', "logs' positions",
] as const;

/** What the node derives for a receipt (gas used, price, positions, parties) against what the committed data gives. */
export function checkReceiptFields(bundle: ReadBundle, header: ChainHeader, place: TxPlace, context: number): EvidenceCheck {
  const receipts = bundle.body?.receipts;
  const tx = bundle.transaction;
  if (!receipts || isUnavailable(receipts) || !tx) return unchecked('receipt fields', 'No receipts in the bundle.');
  const receipt = receipts[place.index];
  if (!receipt) return fail('receipt fields', `a receipt at index ${place.index}`, 'none');
  const before = receipts.slice(0, place.index);
  const previous = before[before.length - 1]?.cumulativeGasUsed ?? 0n;
  const firstLog = before.reduce((n, r) => n + r.logs.length, 0);
  // An ETX's receipt names its sender in the origin zone (the devnet's and, in spirit, go-quai's); its `from` field is the zero address.
  const senders = tx.type === 1 ? [tx.sender, tx.from] : [tx.from];
  const conditions: Condition[] = [
    { ok: receipt.gasUsed === receipt.cumulativeGasUsed - previous, expected: `gasUsed ${formatInteger(receipt.gasUsed)} (the node's)`, found: `${formatInteger(receipt.cumulativeGasUsed - previous)} (its cumulative gas less the receipt's before it)` },
    { ok: receipt.type === tx.type, expected: `type ${tx.type} (the transaction's)`, found: `type ${receipt.type}` },
    { ok: senders.some((a) => sameHex(receipt.from, a)), expected: `from ${senders[0]} (the transaction's sender)`, found: receipt.from },
    { ok: receipt.to === null ? tx.to === null : sameHex(receipt.to, tx.to ?? undefined), expected: `to ${tx.to ?? 'none (a creation)'} (the transaction's)`, found: `${receipt.to ?? 'none'}` },
    { ok: sameHex(receipt.blockHash, header.hash), expected: `blockHash ${header.hash}`, found: receipt.blockHash },
    { ok: receipt.blockNumber === header.number[context], expected: `blockNumber ${header.number[context]}`, found: `${receipt.blockNumber}` },
    { ok: receipt.transactionIndex === place.index, expected: `transactionIndex ${place.index}`, found: `${receipt.transactionIndex}` },
    ...receipt.logs.map((log, j) => ({
      ok: (log.logIndex === null || log.logIndex === firstLog + j) && (log.transactionHash === null || sameHex(log.transactionHash, tx.hash)) && (log.blockHash === null || sameHex(log.blockHash, header.hash)),
      expected: `log ${j}: logIndex ${firstLog + j}, of this transaction and block`,
      found: `logIndex ${log.logIndex}, transaction ${log.transactionHash}, block ${log.blockHash}`,
    })),
  ];
  if (tx.to !== null && receipt.contractAddress !== null) {
    conditions.push({ ok: false, expected: 'no contractAddress: the transaction is a call, not a creation', found: receipt.contractAddress });
  }
  if (tx.type !== 1) {
    const byTip = header.baseFeePerGas + tx.maxPriorityFeePerGas;
    const price = byTip < tx.maxFeePerGas ? byTip : tx.maxFeePerGas;
    conditions.push({ ok: receipt.effectiveGasPrice === price, expected: `effectiveGasPrice ${formatInteger(receipt.effectiveGasPrice)} (the node's)`, found: `${formatInteger(price)} = min(max fee, base fee + tip)` });
  }
  return allOf('receipt fields', conditions, {
    expected: `gas used ${formatInteger(receipt.gasUsed)}${tx.type !== 1 ? `, price ${formatInteger(receipt.effectiveGasPrice)} wei per gas` : ''}`,
    found: 'derived again from the committed receipts, transaction and header',
    detail:
      `In the receipts trie (the receipt in receipts root check): ${RECEIPT_FIELDS_IN_TRIE.join(', ')}. ` +
      `Not in it, so derived again here: ${RECEIPT_FIELDS_DERIVED.filter((f) => f !== 'contractAddress').join(', ')}; a creation's contractAddress is the created address check.`,
  });
}

// ---- A block bundle ----

export function checkTransactionsRoot(bundle: ReadBundle, header: ChainHeader): EvidenceCheck {
  const raws = bundle.body?.transactions ?? [];
  return allOf('transactions root', [rootCondition('transactionsRoot', header.transactionsRoot, rootOf(raws))], {
    expected: `transactionsRoot ${header.transactionsRoot}`,
    found: `rebuilt from the block's ${raws.length} raw transactions`,
  });
}

export async function checkSignatures(bundle: ReadBundle): Promise<EvidenceCheck> {
  const raws = bundle.body?.transactions ?? [];
  let signed = 0;
  let etxs = 0;
  for (const [i, raw] of raws.entries()) {
    let tx;
    try {
      tx = decodeTransaction(raw);
    } catch (error) {
      return fail("senders' signatures", `transaction ${i} decodes`, message(error));
    }
    if (tx.type === 1) {
      etxs++;
      continue;
    }
    try {
      await recoverSender(tx);
      signed++;
    } catch (error) {
      return fail("senders' signatures", `transaction ${i} (${keccak256(raw)}) carries a valid signature`, message(error));
    }
  }
  return pass(
    "senders' signatures",
    `${raws.length - etxs} signed transactions`,
    `${signed} signatures recover a sender`,
    etxs > 0
      ? `${etxs} ETXs carry no signature: their origin in another zone is not checked until the manifests linking it to this block are (not in this bundle).`
      : undefined,
  );
}

export function checkReceiptsRoot(bundle: ReadBundle, header: ChainHeader): EvidenceCheck {
  const receipts = bundle.body?.receipts;
  if (!receipts || isUnavailable(receipts)) {
    return unchecked('receipts root', `The node gave no receipts (${receipts ? receipts.unavailable : 'none in the bundle'}).`);
  }
  const raws = bundle.body?.transactions ?? [];
  const gas = receipts[receipts.length - 1]?.cumulativeGasUsed ?? 0n;
  return allOf(
    'receipts root',
    [
      { ok: receipts.length === raws.length, expected: `one receipt per transaction (${raws.length})`, found: `${receipts.length} receipts` },
      rootCondition('receiptsRoot', header.receiptsRoot, receiptsRoot(receipts)),
      ...receipts.map((r, i) => ({ ok: sameHex(r.transactionHash, rawHash(raws[i] ?? '0x')), expected: `receipt ${i} of transaction ${rawHash(raws[i] ?? '0x') ?? 'none'}`, found: r.transactionHash })),
      { ok: gas === header.gasUsed, expected: `gasUsed ${formatInteger(header.gasUsed)} (the header's)`, found: `${formatInteger(gas)} (the last receipt's cumulative gas)` },
    ],
    { expected: `receiptsRoot ${header.receiptsRoot}`, found: `rebuilt from ${receipts.length} receipts; gas used ${formatInteger(gas)}` },
  );
}

export function checkEtxRoot(bundle: ReadBundle, header: ChainHeader): EvidenceCheck {
  const receipts = bundle.body?.receipts;
  if (bundle.chain.level !== 2) {
    return unchecked('external transactions root', `A ${bundle.chain.label} block's ETX root covers the ETXs of its subordinate chains' blocks, which are not in this bundle.`);
  }
  if (!receipts || isUnavailable(receipts)) return unchecked('external transactions root', 'The ETXs a block emits are read from its receipts, which the node did not give.');
  const raws: Hex[] = [];
  try {
    for (const r of receipts) raws.push(...r.etxs.map(etxRaw));
  } catch (error) {
    return fail('external transactions root', `extTransactionsRoot ${header.extTransactionsRoot}`, message(error));
  }
  return allOf('external transactions root', [rootCondition('extTransactionsRoot', header.extTransactionsRoot, rootOf(raws))], {
    expected: `extTransactionsRoot ${header.extTransactionsRoot}`,
    found: `rebuilt from the ${raws.length} ETXs the receipts name`,
  });
}

export function checkUncles(bundle: ReadBundle, header: ChainHeader): EvidenceCheck {
  const uncles = bundle.body?.uncles;
  if (!uncles) return unchecked('uncles hash', 'The bundle holds no uncle headers.');
  const filled = uncles.map(headerFieldsOf);
  if (filled.some((u) => u.nullHashes)) {
    return unchecked('uncles hash', 'The node sent uncles without their parent or manifest hashes (as go-quai marshals them): their encoding cannot be rebuilt.');
  }
  let hash: Hex;
  try {
    hash = calcUncleHash(filled.map((u) => u.fields));
  } catch (error) {
    return fail('uncles hash', `sha3Uncles ${header.sha3Uncles}`, message(error));
  }
  return allOf('uncles hash', [{ ok: sameHex(hash, header.sha3Uncles), expected: `sha3Uncles ${header.sha3Uncles} (the header's)`, found: `${hash} (rebuilt)` }], {
    expected: `sha3Uncles ${header.sha3Uncles}`,
    found: `rebuilt from ${uncles.length} uncle headers`,
  });
}

