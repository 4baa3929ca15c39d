/**
 * Gathers an evidence bundle (./bundle.ts) from a node: the explorer's API routes call it with
 * their node clients, the browser's worker with the reader's own node. It keeps the node's
 * answers as they came and believes none of them (the verifier checks); it only refuses to make
 * a bundle that cannot be about the subject (unknown, pending, not on the chain the node
 * follows, a checkpoint out of reach).
 *
 *   tx       getTransactionByHash → its block by number (the chain the node follows) and the
 *            headers after it → every raw transaction and receipt of the block → getProof of the
 *            sender and recipient at the block
 *   block    the block and its headers → raw transactions, receipts, uncles
 *   address  the block asked (default the newest) and its headers → getProof of the address
 *
 * The headers end HEADER_SPAN blocks above the block, or at the newest block when that is nearer,
 * or at a checkpoint the reader names (above or below the block, MAX_CHECKPOINT_DISTANCE at most),
 * and start HEADERS_BELOW below the block (or below a checkpoint below it): a header's difficulty
 * is computed from its parent and grandparent. Given sources for a zone's region and prime, a
 * zone's bundle also carries their headers from the first coincident header at or above the
 * block (DOMINANT_SPAN more); a dominant chain that cannot be asked is left out, not an error.
 * Browser-safe: a source is any JSON-RPC caller.
 */
import type { Address, Hash, Hex } from 'viem';
import { dominantAt, zoneOf, type Chain } from '@/lib/protocol/chains';
import { StrataError } from '@/lib/protocol/errors';
import { intrinsicEntropy } from '@/lib/protocol/entropy';
import type { Header, Transaction } from '@/lib/rpc/domain';
import { array, blockOrder, data, hash as hashReader, object, quantity } from '@/lib/rpc/parse/fields';
import { parseHeader } from '@/lib/rpc/parse/header';
import { parseTransaction } from '@/lib/rpc/parse/transaction';
import {
  DOMINANT_SPAN,
  EVIDENCE_FORMAT,
  EVIDENCE_VERSION,
  HEADER_SPAN,
  HEADERS_BELOW,
  MAX_CHECKPOINT_DISTANCE,
  type DominantChain,
  type AccountEvidence,
  type AccountRole,
  type BlockBody,
  type EvidenceBundle,
  type HeaderChain,
  type NodeJson,
  type Unavailable,
} from './bundle';

/** Where the node's answers come from. Methods are named without their namespace (`getBlockByHash`). */
export interface EvidenceSource {
  /** One call; `parse` validates the answer (a malformed one throws the source's error naming the field). */
  call<T>(method: string, params: readonly unknown[], parse: (result: unknown) => T): Promise<T>;
  /**
   * The node's refusal in its own words when `error` is the node declining a call (a method it
   * does not serve, an error answer such as "address is not in scope"); undefined when the call
   * failed otherwise (the node is down, its answer unreadable), which the builder lets through.
   */
  refusal(error: unknown): string | undefined;
  /** `explorer` for the API, `node` for the reader's own node. */
  readonly kind: 'explorer' | 'node';
}

/** 404, 400, 409; `unavailable` (503): a node that had to be asked could not be. */
export type EvidenceProblem = 'not-found' | 'bad-request' | 'conflict' | 'unavailable';

/** A bundle that cannot be made, and why (the API's status follows `problem`). */
export class EvidenceError extends StrataError {
  override name = 'EvidenceError';
  constructor(
    message: string,
    readonly problem: EvidenceProblem,
  ) {
    super(message);
  }
}

export interface BuiltBundle {
  readonly bundle: EvidenceBundle;
  /** The chain's newest height when the bundle was made (the API's finality decision). */
  readonly newest: bigint;
  /** The height of the newest header in the bundle. */
  readonly lastHeader: bigint;
  /** False when a dominant chain's headers stop at its newest (or could not be asked): a later gathering may carry more. */
  readonly dominantComplete: boolean;
}

interface HeaderOptions {
  readonly chain: Chain;
  readonly checkpoint?: Hash;
  readonly now?: () => Date;
  /** Sources for the zone's region (1) and prime (0), for their headers building on the block. */
  readonly dominant?: Partial<Record<0 | 1, EvidenceSource>>;
}

const quantityHex = (n: bigint | number): Hex => `0x${n.toString(16)}`;
const BODY_LISTS = new Set(['transactions', 'extTransactions', 'uncles', 'subManifest']);

/** The node's block object without its body lists: the header's fields as the node gave them, with order and totalEntropy. */
function headerPart(json: NodeJson): NodeJson {
  return Object.fromEntries(Object.entries(json).filter(([key]) => !BODY_LISTS.has(key)));
}

interface BlockAnswer {
  readonly json: NodeJson;
  readonly header: Header;
  readonly transactions: readonly Hash[];
}

function readBlock(result: unknown, path: string): BlockAnswer | null {
  if (result === null) return null;
  const json = object(result, path);
  return { json, header: parseHeader(json, path), transactions: array(json.transactions, `${path}.transactions`, hashReader) };
}

const contextOf = (chain: Chain): 0 | 1 | 2 => chain.level;

function blockByNumber(source: EvidenceSource, n: bigint): Promise<BlockAnswer | null> {
  return source.call('getBlockByNumber', [quantityHex(n), false], (r) => readBlock(r, 'block'));
}

function blockByHash(source: EvidenceSource, hash: Hash): Promise<BlockAnswer | null> {
  return source.call('getBlockByHash', [hash, false], (r) => readBlock(r, 'block'));
}

/** Heights from..to of the chain (inclusive), as the node follows it now. */
async function blocksInRange(source: EvidenceSource, chain: Chain, from: bigint, to: bigint): Promise<BlockAnswer[]> {
  const heights: bigint[] = [];
  for (let n = from; n <= to; n++) heights.push(n);
  const blocks = await Promise.all(heights.map((n) => blockByNumber(source, n)));
  return blocks.map((b, i) => {
    if (!b) throw new EvidenceError(`${chain.label} has no block at height ${heights[i]} any more (the chain moved while the bundle was made); try again`, 'conflict');
    return b;
  });
}

/**
 * The headers around the block at `height` (its hash `hash`): to HEADER_SPAN above it or the
 * newest block, or to the checkpoint. Refuses a block the node's chain no longer holds at that height.
 */
async function headerChain(
  source: EvidenceSource,
  options: HeaderOptions,
  height: bigint,
  hash: Hash,
): Promise<{ chain: HeaderChain; block: BlockAnswer; blocks: readonly BlockAnswer[]; newest: bigint; lastHeader: bigint }> {
  const { chain, checkpoint } = options;
  const ctx = contextOf(chain);
  const newest = await source.call('blockNumber', [], (r) => quantity(r, 'blockNumber'));
  let from = height;
  let to = height + BigInt(HEADER_SPAN) < newest ? height + BigInt(HEADER_SPAN) : newest;
  let end: HeaderChain['end'] = to === height + BigInt(HEADER_SPAN) ? 'span' : 'tip';
  let checkpointHeight: bigint | undefined;
  if (checkpoint) {
    const found = await blockByHash(source, checkpoint);
    if (!found || !found.header.location.toLowerCase().startsWith(locationHex(chain))) {
      throw new EvidenceError(`checkpoint ${checkpoint} is not a block of ${chain.label} that the node knows`, 'not-found');
    }
    checkpointHeight = found.header.number[ctx];
    const distance = checkpointHeight > height ? checkpointHeight - height : height - checkpointHeight;
    if (distance > BigInt(MAX_CHECKPOINT_DISTANCE)) {
      throw new EvidenceError(`checkpoint ${checkpoint} is ${distance} blocks from the block: at most ${MAX_CHECKPOINT_DISTANCE}`, 'bad-request');
    }
    from = checkpointHeight < height ? checkpointHeight : height;
    to = checkpointHeight > height ? checkpointHeight : height;
    end = 'checkpoint';
  }
  from = from > BigInt(HEADERS_BELOW) ? from - BigInt(HEADERS_BELOW) : 0n;
  const blocks = await blocksInRange(source, chain, from, to);
  const at = (n: bigint) => blocks[Number(n - from)]!;
  if (at(height).header.hash.toLowerCase() !== hash.toLowerCase()) {
    throw new EvidenceError(`block ${hash} is not on the chain the ${chain.label} node follows (its block ${height} is ${at(height).header.hash})`, 'conflict');
  }
  if (checkpoint && checkpointHeight !== undefined && at(checkpointHeight).header.hash.toLowerCase() !== checkpoint.toLowerCase()) {
    throw new EvidenceError(`checkpoint ${checkpoint} is not on the chain the ${chain.label} node follows`, 'conflict');
  }
  const above = blocks.filter((b) => b.header.number[ctx] > height);
  const chainPart: HeaderChain = {
    context: ctx,
    end,
    ...(checkpoint ? { checkpoint } : {}),
    items: blocks.map((b) => headerPart(b.json)),
    work: {
      headers: above.length,
      difficulty: quantityHex(above.reduce((sum, b) => sum + b.header.difficulty, 0n)),
      entropy: quantityHex(above.reduce((sum, b) => sum + intrinsicEntropy(b.header.hash), 0n)),
    },
  };
  return { chain: chainPart, block: at(height), blocks, newest, lastHeader: to };
}

const orderOf = (block: BlockAnswer) => blockOrder(block.json.order, 'block.order');

/**
 * The region's and prime's headers from the first of `blocks` at or above `height` coincident with
 * them, as their own nodes follow them. A dominant node that is down, refuses, or follows a chain
 * without that block leaves its chain out (`complete` false).
 */
async function dominantChains(options: HeaderOptions, blocks: readonly BlockAnswer[], height: bigint): Promise<{ chains: DominantChain[]; complete: boolean }> {
  const chains: DominantChain[] = [];
  let complete = true;
  const ctx = contextOf(options.chain);
  for (const level of [1, 0] as const) {
    const source = options.dominant?.[level];
    if (level >= ctx || !source) continue;
    const coincident = blocks.find((b) => b.header.number[ctx] >= height && orderOf(b) <= level);
    if (!coincident) continue;
    try {
      const dominant = dominantAt(options.chain, level);
      const start = coincident.header.number[level];
      const newest = await source.call('blockNumber', [], (r) => quantity(r, 'blockNumber'));
      const to = start + BigInt(DOMINANT_SPAN) < newest ? start + BigInt(DOMINANT_SPAN) : newest;
      const items = await blocksInRange(source, dominant, start, to);
      if (items[0]?.header.hash.toLowerCase() !== coincident.header.hash.toLowerCase()) {
        complete = false;
        continue;
      }
      if (to < start + BigInt(DOMINANT_SPAN)) complete = false;
      chains.push({ context: level, items: items.map((b) => headerPart(b.json)) });
    } catch {
      complete = false;
    }
  }
  return { chains, complete };
}

function locationHex(chain: Chain): string {
  return `0x${chain.location.map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Runs an optional part: the node's refusal becomes `{ unavailable }`, anything else is thrown. */
async function orUnavailable<T>(source: EvidenceSource, part: () => Promise<T>): Promise<T | Unavailable> {
  try {
    return await part();
  } catch (error) {
    const refusal = source.refusal(error);
    if (refusal === undefined) throw error;
    return { unavailable: `the node answered: ${refusal}` };
  }
}

async function receiptsOf(source: EvidenceSource, block: BlockAnswer): Promise<readonly NodeJson[] | Unavailable> {
  const answers = await orUnavailable(source, () =>
    Promise.all(block.transactions.map((tx) => source.call('getTransactionReceipt', [tx], (r) => (r === null ? null : object(r, 'receipt'))))),
  );
  if (!Array.isArray(answers)) return answers;
  const missing = answers.findIndex((r) => r === null);
  if (missing >= 0) return { unavailable: `the node has no receipt for transaction ${block.transactions[missing]}` };
  return answers as NodeJson[];
}

async function blockBody(source: EvidenceSource, block: BlockAnswer, withUncles: boolean): Promise<BlockBody> {
  const hash = block.header.hash;
  const [transactions, receipts] = await Promise.all([
    Promise.all(block.transactions.map((_, i) => source.call('getRawTransactionByBlockHashAndIndex', [hash, quantityHex(i)], (r) => data(r, `raw transaction ${i}`)))),
    receiptsOf(source, block),
  ]);
  if (!withUncles) return { transactions, receipts };
  const uncles = Array.isArray(block.json.uncles) ? (block.json.uncles as unknown[]).map((u, i) => object(u, `block.uncles[${i}]`)) : [];
  return { transactions, receipts, uncles };
}

/** getProof of `address` at `height`, or why not: another zone's account, or the node's refusal. */
async function proveAccount(source: EvidenceSource, chain: Chain, role: AccountRole, address: Address, keys: readonly Hex[], height: bigint): Promise<AccountEvidence> {
  const home = zoneOf(address);
  if (chain.level !== 2) return { role, address, proof: { unavailable: `${chain.label} holds no accounts: state lives in zone chains` } };
  if (home.name !== chain.name) {
    return { role, address, proof: { unavailable: `${address} lives in ${home.label}: its state is in that zone's blocks, not ${chain.label}'s` } };
  }
  const proof = await orUnavailable(source, () => source.call('getProof', [address, [...keys], quantityHex(height)], (r) => object(r, 'proof')));
  return { role, address, proof };
}

const dominantPart = (d: { chains: DominantChain[] }) => (d.chains.length > 0 ? { dominant: d.chains } : {});

function chainIdOf(source: EvidenceSource): Promise<Hex> {
  return source.call('chainId', [], (r) => quantityHex(quantity(r, 'chainId')));
}

function bundleOf(
  source: EvidenceSource,
  options: HeaderOptions,
  chainId: Hex,
  parts: Omit<EvidenceBundle, 'format' | 'version' | 'chain' | 'chainId' | 'createdAt' | 'source'>,
): EvidenceBundle {
  return {
    format: EVIDENCE_FORMAT,
    version: EVIDENCE_VERSION,
    chain: options.chain.name,
    chainId,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
    source: source.kind,
    ...parts,
  };
}

export async function buildTxBundle(source: EvidenceSource, options: HeaderOptions & { readonly hash: Hash }): Promise<BuiltBundle> {
  const { chain, hash } = options;
  let txJson: NodeJson | undefined;
  const tx: Transaction | null = await source.call('getTransactionByHash', [hash], (r) => {
    if (r === null) return null;
    txJson = object(r, 'transaction');
    return parseTransaction(r);
  });
  if (!tx || !txJson) throw new EvidenceError(`${chain.label} has no transaction ${hash}`, 'not-found');
  if (!tx.blockHash || tx.blockNumber === null) throw new EvidenceError(`transaction ${hash} is pending: no block includes it yet`, 'conflict');
  const blockHash = tx.blockHash;
  const blockNumber = tx.blockNumber;
  const [headers, chainId] = await Promise.all([headerChain(source, options, blockNumber, blockHash), chainIdOf(source)]);
  const dominant = await dominantChains(options, headers.blocks, blockNumber);
  const keysOf = (address: Address | null) =>
    tx.accessList.filter((e) => address !== null && e.address.toLowerCase() === address.toLowerCase()).flatMap((e) => e.storageKeys);
  const sender = tx.type === 1 ? tx.sender : tx.from;
  const [body, senderProof] = await Promise.all([blockBody(source, headers.block, false), proveAccount(source, chain, 'sender', sender, keysOf(sender), blockNumber)]);
  let recipient = tx.to;
  if (recipient === null && Array.isArray(body.receipts)) {
    const receipt = body.receipts.find((r) => typeof r.transactionHash === 'string' && r.transactionHash.toLowerCase() === hash.toLowerCase());
    recipient = typeof receipt?.contractAddress === 'string' ? (receipt.contractAddress as Address) : null;
  }
  const accounts = [senderProof];
  if (recipient !== null && recipient.toLowerCase() === sender.toLowerCase()) accounts.push({ ...senderProof, role: 'recipient' });
  else if (recipient !== null) accounts.push(await proveAccount(source, chain, 'recipient', recipient, keysOf(recipient), blockNumber));
  return {
    bundle: bundleOf(source, options, chainId, {
      kind: 'tx', subject: { block: blockHash, transaction: tx.hash }, headers: headers.chain, ...dominantPart(dominant), body, transaction: txJson, accounts,
    }),
    newest: headers.newest,
    lastHeader: headers.lastHeader,
    dominantComplete: dominant.complete,
  };
}

export async function buildBlockBundle(source: EvidenceSource, options: HeaderOptions & { readonly hash: Hash }): Promise<BuiltBundle> {
  const { chain, hash } = options;
  const block = await blockByHash(source, hash);
  // A region or prime block is a zone block coincident above: its location is the zone's.
  if (!block || !block.header.location.toLowerCase().startsWith(locationHex(chain))) throw new EvidenceError(`${chain.label} has no block ${hash}`, 'not-found');
  const height = block.header.number[contextOf(chain)];
  // A region or prime block's body is its zone's (the dominant chains' answers list none): the
  // zone's bundle of the same block carries it.
  const [headers, body, chainId] = await Promise.all([
    headerChain(source, options, height, block.header.hash),
    chain.level === 2 ? blockBody(source, block, true) : undefined,
    chainIdOf(source),
  ]);
  const dominant = await dominantChains(options, headers.blocks, height);
  return {
    bundle: bundleOf(source, options, chainId, {
      kind: 'block', subject: { block: block.header.hash }, headers: headers.chain, ...dominantPart(dominant), ...(body ? { body } : {}), accounts: [],
    }),
    newest: headers.newest,
    lastHeader: headers.lastHeader,
    dominantComplete: dominant.complete,
  };
}

export async function buildAddressBundle(
  source: EvidenceSource,
  options: HeaderOptions & { readonly address: Address; readonly block?: bigint; readonly slots?: readonly Hex[] },
): Promise<BuiltBundle> {
  const { chain, address } = options;
  const height = options.block ?? (await source.call('blockNumber', [], (r) => quantity(r, 'blockNumber')));
  const block = await blockByNumber(source, height);
  if (!block) throw new EvidenceError(`${chain.label} has no block ${height}`, 'not-found');
  const [headers, account, chainId] = await Promise.all([
    headerChain(source, options, height, block.header.hash),
    proveAccount(source, chain, 'account', address, options.slots ?? [], height),
    chainIdOf(source),
  ]);
  const dominant = await dominantChains(options, headers.blocks, height);
  return {
    bundle: bundleOf(source, options, chainId, {
      kind: 'address', subject: { block: headers.block.header.hash, address }, headers: headers.chain, ...dominantPart(dominant), accounts: [account],
    }),
    newest: headers.newest,
    lastHeader: headers.lastHeader,
    dominantComplete: dominant.complete,
  };
}
