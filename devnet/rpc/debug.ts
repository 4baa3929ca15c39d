/**
 * debug_printBlock and debug_chaindbProperty: a readable dump of a block, and figures about the
 * devnet's own block store (what a node's leveldb stats would tell an operator).
 */
import { hexToString, type Hex } from 'viem';
import type { Level } from '@/lib/protocol/chains';
import { bodyAt, type SealedBlock } from '../chain/block';
import type { Network } from '../chain/network';
import type { ChainStore } from '../chain/store';
import { serverError } from './errors';

const LEVEL = ['prime', 'region', 'zone'];

function printable(hex: Hex): string {
  try {
    const text = hexToString(hex);
    return /^[\x20-\x7e]*$/.test(text) ? ` (${JSON.stringify(text)})` : '';
  } catch {
    return '';
  }
}

/** Like go-quai's pretty-printed Block: one field per line, nested bodies indented. */
export function printBlock(block: SealedBlock, level: Level, size: number): string {
  const h = block.header;
  const body = bodyAt(block, level);
  const triple = (t: readonly (bigint | string)[]): string => `[${t.map(String).join(', ')}]`;
  const lines = [
    `Block(#${triple(h.number)}): Size: ${size} bytes {`,
    `Hash: ${block.hash}`,
    `Order: ${block.order} (${LEVEL[block.order]})`,
    'Header(',
    `  ParentHash:    ${triple(h.parentHash)}`,
    `  UncleHash:     ${h.sha3Uncles}`,
    `  Coinbase:      ${h.miner}`,
    `  Root:          ${h.stateRoot}`,
    `  TxHash:        ${h.transactionsRoot}`,
    `  EtxHash:       ${h.extTransactionsRoot}`,
    `  EtxRollupHash: ${h.extRollupRoot}`,
    `  ManifestHash:  ${triple(h.manifestHash)}`,
    `  ReceiptHash:   ${h.receiptsRoot}`,
    `  Difficulty:    ${h.difficulty}`,
    `  ParentEntropy: ${triple(h.parentEntropy)}`,
    `  ParentDeltaS:  ${triple(h.parentDeltaS)}`,
    `  Number:        ${triple(h.number)}`,
    `  GasLimit:      ${h.gasLimit}`,
    `  GasUsed:       ${h.gasUsed}`,
    `  BaseFee:       ${h.baseFeePerGas}`,
    `  Location:      ${h.location}`,
    `  Time:          ${h.timestamp}`,
    `  Extra:         ${h.extraData}${printable(h.extraData)}`,
    `  MixDigest:     ${h.mixHash}`,
    `  Nonce:         ${h.nonce}`,
    ')',
    `TotalEntropy: ${block.totalEntropy}`,
    `Transactions: [${body.transactions.length}]`,
    ...body.transactions.map((tx, i) => `  ${i}: ${tx.hash} type ${tx.type} from ${tx.type === 1 ? tx.sender : tx.from} to ${tx.to ?? 'contract creation'} value ${tx.value} nonce ${tx.nonce}`),
    `ExtTransactions: [${body.extTransactions.length}]`,
    ...body.extTransactions.map((etx, i) => `  ${i}: ${etx.hash} to ${etx.to} value ${etx.value}`),
    `Uncles: [${body.uncles.length}]`,
    ...body.uncles.map((u, i) => `  ${i}: number ${triple(u.number)} coinbase ${u.miner}`),
    `SubManifest: [${body.subManifest.length}]`,
    ...body.subManifest.map((hash, i) => `  ${i}: ${hash}`),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

export const SUPPORTED_DB_PROPERTIES = ['leveldb.stats', 'leveldb.blockcount'] as const;

/**
 * Figures of the devnet's store. Property names follow geth's convention (a bare name gets the
 * "leveldb." prefix); unsupported names are an error, as leveldb answers for unknown properties.
 */
export function chaindbProperty(property: string, store: ChainStore, network: Network): string {
  const name = property === '' ? 'leveldb.stats' : property.startsWith('leveldb.') ? property : `leveldb.${property}`;
  if (name === 'leveldb.blockcount') return String(store.height + 1);
  if (name === 'leveldb.stats') {
    const rows = [...network.stores.values()].map((s) =>
      `${s.chain.name.padEnd(8)} | ${String(s.height + 1).padStart(7)} | ${String(s.transactionCount).padStart(7)} | ${(s.bytes / 1024).toFixed(2).padStart(10)}`,
    );
    return [
      'Chain    |  Blocks |     Txs | Size (KiB)',
      '---------+---------+---------+-----------',
      ...rows,
      '',
      `This chain: ${store.chain.name}, head #${store.height} ${store.head.hash}`,
      '',
    ].join('\n');
  }
  throw serverError(`property ${JSON.stringify(property)} not supported (supported: ${SUPPORTED_DB_PROPERTIES.join(', ')})`);
}
