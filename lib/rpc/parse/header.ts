/**
 * Parsers for headers and uncles (spec §2.3; protocol notes "Blocks and headers").
 */
import type { Hash } from 'viem';
import type { Header, Triple, Uncle } from '../domain';
import {
  address,
  blockOrder,
  data,
  dataOfLength,
  field,
  hash,
  nullable,
  object,
  optional,
  quantity,
  triple,
  type Reader,
} from './fields';

/** The header fields every header-shaped object shares, hash arrays excluded. */
function commonFields(r: Readonly<Record<string, unknown>>, path: string) {
  return {
    number: field(r, path, 'number', (v, p) => triple(v, p, quantity)),
    parentEntropy: field(r, path, 'parentEntropy', (v, p) => triple(v, p, quantity)),
    parentDeltaS: field(r, path, 'parentDeltaS', (v, p) => triple(v, p, quantity)),
    difficulty: field(r, path, 'difficulty', quantity),
    gasLimit: field(r, path, 'gasLimit', quantity),
    gasUsed: field(r, path, 'gasUsed', quantity),
    baseFeePerGas: field(r, path, 'baseFeePerGas', quantity),
    timestamp: field(r, path, 'timestamp', quantity),
    // The location is a byte path (0x, 0x01, 0x0102); the spec calls it a Quantity, but the
    // region/zone bytes of 0x0000 (cyprus1) would not survive Quantity's no-leading-zero rule.
    location: field(r, path, 'location', data),
    extraData: field(r, path, 'extraData', data),
    stateRoot: field(r, path, 'stateRoot', hash),
    transactionsRoot: field(r, path, 'transactionsRoot', hash),
    extTransactionsRoot: field(r, path, 'extTransactionsRoot', hash),
    extRollupRoot: field(r, path, 'extRollupRoot', hash),
    receiptsRoot: field(r, path, 'receiptsRoot', hash),
    sha3Uncles: field(r, path, 'sha3Uncles', hash),
    mixHash: field(r, path, 'mixHash', optional(hash)),
    size: field(r, path, 'size', optional(quantity)),
  };
}

const hashTriple: Reader<Triple<Hash>> = (v, p) => triple(v, p, hash);
const nonce = dataOfLength(8);

export interface HeaderParseOptions {
  /** The pending block: `hash`, `nonce` and `miner` may be null. */
  readonly pending?: boolean;
}

/** Parses a header; with `pending`, null hash/nonce/miner are accepted. */
export function parseHeader(value: unknown, path: string, options: { pending: true }): Header<true> | Header<false>;
export function parseHeader(value: unknown, path?: string, options?: { pending?: false }): Header;
export function parseHeader(value: unknown, path = 'header', options: HeaderParseOptions = {}): Header<boolean> {
  const r = object(value, path);
  const orNull = <T>(read: Reader<T>): Reader<T | null> => (options.pending ? nullable(read) : read);
  const header = {
    ...commonFields(r, path),
    hash: field(r, path, 'hash', orNull(hash)),
    parentHash: field(r, path, 'parentHash', hashTriple),
    manifestHash: field(r, path, 'manifestHash', hashTriple),
    miner: field(r, path, 'miner', orNull(address)),
    nonce: field(r, path, 'nonce', orNull(nonce)),
  };
  return header as Header<boolean>;
}

/** null, or three entries each a hash or null. */
const looseHashTriple: Reader<Triple<Hash | null> | null> = nullable((v, p) => triple(v, p, nullable(hash)));

/**
 * Parses an uncle header (an entry of a block's `uncles`, or a `getUncleBy*` answer, which is
 * block-shaped). Uncles are marshalled without their manifests, so `parentHash` and
 * `manifestHash` may be null, as a whole or per entry.
 */
export function parseUncle(value: unknown, path = 'uncle'): Uncle {
  const r = object(value, path);
  return {
    ...commonFields(r, path),
    hash: field(r, path, 'hash', hash),
    parentHash: field(r, path, 'parentHash', looseHashTriple),
    manifestHash: field(r, path, 'manifestHash', looseHashTriple),
    miner: field(r, path, 'miner', address),
    nonce: field(r, path, 'nonce', nonce),
    order: field(r, path, 'order', optional(blockOrder)),
    totalEntropy: field(r, path, 'totalEntropy', optional(quantity)),
  };
}
