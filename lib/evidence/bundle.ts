/**
 * The evidence bundle: what a reader needs to check a transaction, a block or an account without
 * trusting the explorer (docs/api.md, "Evidence"). It is made of the node's own answers, kept as
 * the node gave them (JSON objects, raw bytes), plus a few claims of the explorer's (the work
 * above the block) that the verifier recomputes. Nothing in it is trusted by ./verify-bundle.ts.
 *
 * Pure types and constants: browser-safe; shared by the builder (./build-bundle.ts), the
 * verifier, the API routes, the browser's worker and the command line.
 */
import type { Address, Hash, Hex } from 'viem';

export const EVIDENCE_FORMAT = 'strata-evidence';
/**
 * Bumped when a field changes meaning; a verifier refuses versions it does not know. Version 2:
 * the network's chain id, the two headers below the first one checked (so that every header's
 * difficulty can be recomputed from its parent and grandparent), the dominant chains' headers.
 */
export const EVIDENCE_VERSION = 2;

/** Headers after the block when no checkpoint is asked: bounded so a deep block's bundle is fixed once final. */
export const HEADER_SPAN = 32;
/** Headers a bundle carries below the block (or a checkpoint below it): its parent and grandparent, which its difficulty is computed from. */
export const HEADERS_BELOW = 2;
/** Headers of each dominant chain a bundle carries, from the first block coincident with it. */
export const DOMINANT_SPAN = 8;
/** How far a checkpoint may be from the block (in blocks of its chain). */
export const MAX_CHECKPOINT_DISTANCE = 1024;
/** Storage slots an address bundle proves at most. */
export const MAX_SLOTS = 16;

export type EvidenceKind = 'tx' | 'block' | 'address';

/** A JSON object as the node answered it. */
export type NodeJson = { readonly [key: string]: unknown };

/** A part the source could not give, and the source's words for why. */
export interface Unavailable {
  readonly unavailable: string;
}

/**
 * Why the headers end where they do:
 * - `tip`: at the newest header the source knew when it made the bundle;
 * - `span`: HEADER_SPAN headers after the block (the chain goes on; the end is fixed);
 * - `checkpoint`: at (or, for a checkpoint below the block, from) the checkpoint asked for.
 */
export type HeaderChainEnd = 'tip' | 'span' | 'checkpoint';

export interface HeaderChain {
  /** The chain's context: 0 prime, 1 region, 2 zone (the index of parentHash that links it). */
  readonly context: 0 | 1 | 2;
  readonly end: HeaderChainEnd;
  /** With `end: 'checkpoint'`: the checkpoint asked for. */
  readonly checkpoint?: Hash;
  /**
   * Consecutive headers of the chain, oldest first, the block among them (with HEADERS_BELOW
   * headers below the block, or below a checkpoint below it, where the chain has them): each is the node's
   * block object (getBlockByNumber/ByHash) without its body lists (transactions,
   * extTransactions, uncles, subManifest), so it keeps `order` and `totalEntropy`.
   */
  readonly items: readonly NodeJson[];
  /** The source's claim of the work built on the block (the items after it): recomputed by the verifier. */
  readonly work: {
    readonly headers: number;
    /** Σ difficulty (expected hashes), a quantity. */
    readonly difficulty: Hex;
    /** Σ intrinsic entropy, 64.64 fixed point bits (lib/protocol/entropy.ts), a quantity. */
    readonly entropy: Hex;
  };
}

/**
 * The headers of a dominant chain (a zone's region, or prime) that build on the bundle's chain:
 * from the first header of `headers.items`, at or above the block, that is coincident at that
 * level (the same block, with the same hash, in the dominant chain), up to DOMINANT_SPAN more
 * headers or the dominant chain's newest; as the dominant chain's node gave them.
 */
export interface DominantChain {
  /** 1 region or 0 prime: the index of parentHash that links these headers. */
  readonly context: 0 | 1;
  readonly items: readonly NodeJson[];
}

export interface BlockBody {
  /** Every transaction of the block, raw typed encodings (getRawTransactionByBlockHashAndIndex), in block order. */
  readonly transactions: readonly Hex[];
  /** Their receipts as the node gave them (getTransactionReceipt), in block order; or why there are none. */
  readonly receipts: readonly NodeJson[] | Unavailable;
  /** Block bundles: the block's uncles as the node gave them (for sha3Uncles). */
  readonly uncles?: readonly NodeJson[];
}

export type AccountRole = 'sender' | 'recipient' | 'account';

export interface AccountEvidence {
  readonly role: AccountRole;
  readonly address: Address;
  /** getProof at the block (with the storage keys asked), as the node gave it; or why there is none. */
  readonly proof: NodeJson | Unavailable;
}

export interface EvidenceSubject {
  /** The block the evidence is about (tx bundles: the transaction's block; address bundles: the "as of" block). */
  readonly block: Hash;
  readonly transaction?: Hash;
  readonly address?: Address;
}

export interface EvidenceBundle {
  readonly format: typeof EVIDENCE_FORMAT;
  readonly version: typeof EVIDENCE_VERSION;
  readonly kind: EvidenceKind;
  /** The chain's name (lib/protocol/chains.ts), e.g. `cyprus1`. */
  readonly chain: string;
  /**
   * The node's chain id (a quantity): which network the bundle claims to be of. The verifier takes
   * the network's rules from its own table by this id (or by the id the reader insists on), never
   * from the bundle.
   */
  readonly chainId: Hex;
  /** When the source made it (ISO 8601): the headers' end is as of then. */
  readonly createdAt: string;
  /** Who gathered the node's answers: `explorer` (the API) or `node` (the reader's browser, from the reader's node). */
  readonly source: 'explorer' | 'node';
  readonly subject: EvidenceSubject;
  readonly headers: HeaderChain;
  /** A zone's bundle: its region's and prime's headers building on it, when the source could ask those chains and one of the headers is coincident. */
  readonly dominant?: readonly DominantChain[];
  /** tx bundles and a zone block's bundle (a region or prime block's body is its zone's: the zone's bundle of the same block has it). */
  readonly body?: BlockBody;
  /** tx bundles: the node's transaction object. */
  readonly transaction?: NodeJson;
  /** tx bundles: sender and recipient; address bundles: the account. */
  readonly accounts: readonly AccountEvidence[];
}

export function isUnavailable(value: unknown): value is Unavailable {
  return typeof value === 'object' && value !== null && typeof (value as { unavailable?: unknown }).unavailable === 'string';
}
