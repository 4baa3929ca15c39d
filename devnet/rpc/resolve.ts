/**
 * Resolving block parameters on one chain: a tag or a height to a stored block, and for the zone
 * state methods to the state root and block context to execute against.
 */
import type { Hex } from 'viem';
import type { BlockContext } from '../execution/api';
import type { SealedBlock } from '../chain/block';
import type { ChainStore } from '../chain/store';
import type { PendingBlock } from '../chain/miner';
import { serverError } from './errors';
import type { BlockTag } from './params';

/** A stored block for a tag/height; `pending` reads as latest here (no sealed pending block exists). */
export function blockAt(store: ChainStore, tag: BlockTag): SealedBlock | undefined {
  if (tag === 'latest' || tag === 'pending') return store.head;
  if (tag === 'earliest') return store.genesis;
  return store.atHeight(tag);
}

export interface StateView {
  readonly stateRoot: Hex;
  readonly context: BlockContext;
}

export function contextOf(block: { header: SealedBlock['header'] }): BlockContext {
  const h = block.header;
  return {
    number: h.number[2], timestamp: h.timestamp, miner: h.miner, baseFee: h.baseFeePerGas,
    gasLimit: h.gasLimit, difficulty: h.difficulty,
  };
}

/** The state a zone state method reads: the block's post-state; `pending` the block being mined. */
export function stateAt(store: ChainStore, tag: BlockTag, pending: PendingBlock | undefined): StateView {
  if (tag === 'pending' && pending) {
    return { stateRoot: pending.parts.executed.stateRoot, context: contextOf(pending) };
  }
  const block = blockAt(store, tag);
  // geth's wording for a state query at a block it does not have.
  if (!block) throw serverError('header not found');
  return { stateRoot: block.header.stateRoot, context: contextOf(block) };
}
