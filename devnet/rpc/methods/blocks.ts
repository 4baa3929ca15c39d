/**
 * Spec §4.4 and §4.5, headers, blocks and uncles: by number (or tag) and by hash. On a zone,
 * "pending" is the block being mined: the miner's template, unsealed.
 */
import type { Level } from '@/lib/protocol/chains';
import { bodyAt, type SealedBlock } from '../../chain/block';
import { formatBlock, formatHeader, formatUncle, q, type Json } from '../format';
import { blockAt } from '../resolve';
import type { Handlers, MethodContext } from './context';

export function blockMethods({ endpoint, level, store, size, byNumber, byHash }: MethodContext): Handlers {
  const pendingBlockJson = (full: boolean): Json => {
    const pending = endpoint.miner?.pending;
    // Between sealing a block and executing the next one there is no template yet: the pending
    // state is then the latest block's, still shown as unsealed (no hash, nonce or miner).
    if (!pending) return formatBlock(store.head, null, level, full, size(store.head));
    const h = pending.header;
    const block = {
      header: h, order: 2 as Level, totalEntropy: h.parentEntropy[2],
      transactions: pending.parts.executed.transactions, receipts: pending.parts.executed.receipts,
      extTransactions: pending.parts.executed.extTransactions, uncles: pending.parts.uncles, subManifest: {},
    };
    return formatBlock(block, null, level, full, 0);
  };

  const blockJson = (block: SealedBlock | undefined, full: boolean): Json =>
    block ? formatBlock(block, block.hash, level, full, size(block)) : null;

  return {
    // §4.4 headers and blocks
    getHeaderHashByNumber: (p) => byNumber(p.atMost(1))?.hash ?? null,
    getHeaderByHash: (p) => {
      const hash = p.atMost(1).hash(0, 'blockHash');
      const block = store.withHash(hash);
      if (block) return formatHeader(block.header, block.hash, size(block));
      const uncle = store.uncles.get(hash);
      return uncle ? formatUncle(uncle) : null;
    },
    getHeaderByNumber: (p) => {
      const block = byNumber(p.atMost(1));
      return block ? formatHeader(block.header, block.hash, size(block)) : null;
    },
    getBlockByNumber: (p) => {
      p.atMost(2);
      const tag = p.blockTag(0, 'blockNumber');
      const full = p.boolean(1, 'full', false);
      if (tag === 'pending' && level === 2) return pendingBlockJson(full);
      return blockJson(blockAt(store, tag), full);
    },
    getBlockByHash: (p) => blockJson(byHash(p.atMost(2)), p.boolean(1, 'full', false)),
    getBlockTransactionCountByNumber: (p) => {
      const block = byNumber(p.atMost(1));
      return block ? q(bodyAt(block, level).transactions.length) : null;
    },
    getBlockTransactionCountByHash: (p) => {
      const block = byHash(p.atMost(1));
      return block ? q(bodyAt(block, level).transactions.length) : null;
    },

    // §4.5 uncles
    getUncleByBlockNumberAndIndex: (p) => {
      const block = byNumber(p.atMost(2));
      const uncle = block ? bodyAt(block, level).uncles[p.smallQuantity(1, 'uncleIndex')] : undefined;
      return uncle ? formatUncle(uncle) : null;
    },
    getUncleByBlockHashAndIndex: (p) => {
      const block = byHash(p.atMost(2));
      const uncle = block ? bodyAt(block, level).uncles[p.smallQuantity(1, 'uncleIndex')] : undefined;
      return uncle ? formatUncle(uncle) : null;
    },
    getUncleCountByBlockNumber: (p) => {
      const block = byNumber(p.atMost(1));
      return block ? q(bodyAt(block, level).uncles.length) : null;
    },
    getUncleCountByBlockHash: (p) => {
      const block = byHash(p.atMost(1));
      return block ? q(bodyAt(block, level).uncles.length) : null;
    },
  };
}
