/**
 * A bundle read strictly into domain values (lib/rpc/parse's readers, as the explorer reads the
 * node's answers): every field is where the format puts it and has its shape, or reading stops
 * with a FieldError naming the field (`headers.items[3].parentHash[2]: expected 32-byte hash`).
 * The verifier reports that as its failed `bundle` check. Nothing read here is believed: the
 * values are what ./verify-bundle.ts checks.
 */
import type { Address, Hash, Hex } from 'viem';
import { getChain, isChainName, type Chain } from '@/lib/protocol/chains';
import type { AccountProof, BlockOrder, Header, Receipt, Transaction, Uncle } from '@/lib/rpc/domain';
import { address, array, blockOrder, data, fail, field, hash, object, optional, quantity, string, type Reader } from '@/lib/rpc/parse/fields';
import { parseHeader, parseUncle } from '@/lib/rpc/parse/header';
import { parseAccountProof } from '@/lib/rpc/parse/proof';
import { parseReceipt } from '@/lib/rpc/parse/receipt';
import { parseTransaction } from '@/lib/rpc/parse/transaction';
import { EVIDENCE_FORMAT, EVIDENCE_VERSION, type AccountRole, type EvidenceKind, type HeaderChainEnd, type Unavailable } from './bundle';

/** A header of the chain with the block-only figures its entropy is checked with. */
export interface ChainHeader extends Header {
  readonly order: BlockOrder;
  readonly totalEntropy: bigint;
}

export interface ReadAccount {
  readonly role: AccountRole;
  readonly address: Address;
  readonly proof: AccountProof | Unavailable;
}

export interface ReadDominant {
  readonly context: 0 | 1;
  readonly items: readonly ChainHeader[];
}

export interface ReadBundle {
  readonly kind: EvidenceKind;
  readonly chain: Chain;
  /** The chain id the bundle claims. */
  readonly chainId: bigint;
  readonly createdAt: string;
  readonly source: 'explorer' | 'node';
  readonly subject: { readonly block: Hash; readonly transaction?: Hash; readonly address?: Address };
  readonly headers: {
    readonly context: number;
    readonly end: HeaderChainEnd;
    readonly checkpoint?: Hash;
    readonly items: readonly ChainHeader[];
    readonly work: { readonly headers: number; readonly difficulty: bigint; readonly entropy: bigint };
  };
  readonly dominant: readonly ReadDominant[];
  readonly body?: {
    readonly transactions: readonly Hex[];
    readonly receipts: readonly Receipt[] | Unavailable;
    readonly uncles?: readonly Uncle[];
  };
  readonly transaction?: Transaction;
  readonly accounts: readonly ReadAccount[];
}

function oneOf<T extends string>(values: readonly T[]): Reader<T> {
  return (value, path) => {
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) fail(path, values.map((v) => JSON.stringify(v)).join(' or '), value);
    return value as T;
  };
}

const count: Reader<number> = (value, path) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(path, 'a non-negative integer', value);
  return value;
};

/** `{ "unavailable": "why" }`, or the part read by `read`. */
function orUnavailable<T>(read: Reader<T>): Reader<T | Unavailable> {
  return (value, path) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'unavailable' in value) {
      return { unavailable: field(object(value, path), path, 'unavailable', string) };
    }
    return read(value, path);
  };
}

const chainHeader: Reader<ChainHeader> = (value, path) => {
  const r = object(value, path);
  return {
    ...parseHeader(value, path),
    order: field(r, path, 'order', blockOrder),
    totalEntropy: field(r, path, 'totalEntropy', quantity),
  };
};

const chainName: Reader<Chain> = (value, path) => {
  if (typeof value !== 'string' || !isChainName(value)) fail(path, 'a chain name (cyprus1, paxos, prime…)', value);
  return getChain(value);
};

const context: Reader<number> = (value, path) => {
  if (value !== 0 && value !== 1 && value !== 2) fail(path, '0 (prime), 1 (region) or 2 (zone)', value);
  return value;
};

const dominantContext: Reader<0 | 1> = (value, path) => {
  if (value !== 0 && value !== 1) fail(path, '0 (prime) or 1 (region)', value);
  return value;
};

const dominantChain: Reader<ReadDominant> = (value, path) => {
  const r = object(value, path);
  const items = field(r, path, 'items', (v, p) => array(v, p, chainHeader));
  if (items.length === 0) fail(`${path}.items`, 'at least the coincident header', []);
  return { context: field(r, path, 'context', dominantContext), items };
};

const account: Reader<ReadAccount> = (value, path) => {
  const r = object(value, path);
  return {
    role: field(r, path, 'role', oneOf<AccountRole>(['sender', 'recipient', 'account'])),
    address: field(r, path, 'address', address),
    proof: field(r, path, 'proof', orUnavailable((v, p) => parseAccountProof(v, p))),
  };
};

/** Reads a bundle; throws FieldError naming the first field that is missing or malformed. */
export function readBundle(value: unknown): ReadBundle {
  const r = object(value, 'bundle');
  field(r, 'bundle', 'format', oneOf([EVIDENCE_FORMAT]));
  const version = r.version;
  if (version !== EVIDENCE_VERSION) fail('bundle.version', `version ${EVIDENCE_VERSION} (this verifier's)`, version);
  const kind = field(r, 'bundle', 'kind', oneOf<EvidenceKind>(['tx', 'block', 'address']));

  const s = field(r, 'bundle', 'subject', object);
  const subject = {
    block: field(s, 'bundle.subject', 'block', hash),
    transaction: field(s, 'bundle.subject', 'transaction', optional(hash)),
    address: field(s, 'bundle.subject', 'address', optional(address)),
  };
  if (kind === 'tx' && !subject.transaction) fail('bundle.subject.transaction', 'the transaction hash of a tx bundle', undefined);
  if (kind === 'address' && !subject.address) fail('bundle.subject.address', 'the address of an address bundle', undefined);

  const h = field(r, 'bundle', 'headers', object);
  const work = field(h, 'bundle.headers', 'work', object);
  const headers = {
    context: field(h, 'bundle.headers', 'context', context),
    end: field(h, 'bundle.headers', 'end', oneOf<HeaderChainEnd>(['tip', 'span', 'checkpoint'])),
    checkpoint: field(h, 'bundle.headers', 'checkpoint', optional(hash)),
    items: field(h, 'bundle.headers', 'items', (v, p) => array(v, p, chainHeader)),
    work: {
      headers: field(work, 'bundle.headers.work', 'headers', count),
      difficulty: field(work, 'bundle.headers.work', 'difficulty', quantity),
      entropy: field(work, 'bundle.headers.work', 'entropy', quantity),
    },
  };
  if (headers.items.length === 0) fail('bundle.headers.items', 'at least the block itself', []);

  const chain = field(r, 'bundle', 'chain', chainName);
  let body: ReadBundle['body'];
  // A region or prime block's body is its zone's: such a bundle has none.
  if (kind === 'tx' || (kind === 'block' && (chain.level === 2 || r.body !== undefined))) {
    const b = field(r, 'bundle', 'body', object);
    body = {
      transactions: field(b, 'bundle.body', 'transactions', (v, p) => array(v, p, data)),
      receipts: field(b, 'bundle.body', 'receipts', orUnavailable((v, p) => array(v, p, (x, q) => parseReceipt(x, q)))),
      uncles: field(b, 'bundle.body', 'uncles', optional((v, p) => array(v, p, (x, q) => parseUncle(x, q)))),
    };
  }

  return {
    kind,
    chain,
    chainId: field(r, 'bundle', 'chainId', quantity),
    createdAt: field(r, 'bundle', 'createdAt', string),
    source: field(r, 'bundle', 'source', oneOf(['explorer', 'node'] as const)),
    subject,
    headers,
    dominant: field(r, 'bundle', 'dominant', optional((v, p) => array(v, p, dominantChain))) ?? [],
    body,
    transaction: kind === 'tx' ? field(r, 'bundle', 'transaction', (v, p) => parseTransaction(v, p)) : undefined,
    accounts: field(r, 'bundle', 'accounts', (v, p) => array(v, p, account)),
  };
}
