/**
 * One chain's canonical block list: height -> block, hash -> block, and for zones the
 * transaction index. Heights are the chain's own context number (number[level]). One miner per
 * chain never forks by itself; `truncate` is how a forced reorg (Network.rewind) drops the head.
 */
import type { Hex } from 'viem';
import type { Chain } from '@/lib/protocol/chains';
import type { HeaderFields } from '@/lib/protocol/header';
import type { SealedBlock } from './block';

export interface TxLocation {
  readonly block: SealedBlock;
  readonly index: number;
}

export class ChainStore {
  private readonly byHeight: SealedBlock[] = [];
  private readonly byHash = new Map<Hex, SealedBlock>();
  private readonly txs = new Map<Hex, TxLocation>();
  /** Uncle headers included in this chain, by hash: a node keeps them, so getHeaderByHash finds them too. */
  readonly uncles = new Map<Hex, HeaderFields>();
  /** Serialized sizes, for debug_chaindbProperty. */
  bytes = 0;

  constructor(readonly chain: Chain, genesis: SealedBlock) {
    this.append(genesis);
  }

  append(block: SealedBlock, size = 0): void {
    const height = Number(block.header.number[this.chain.level]);
    if (height !== this.byHeight.length) {
      throw new Error(`${this.chain.name}: block at height ${height} appended at ${this.byHeight.length}`);
    }
    this.byHeight.push(block);
    this.byHash.set(block.hash, block);
    this.bytes += size;
    if (this.chain.level === 2) {
      block.transactions.forEach((tx, index) => this.txs.set(tx.hash, { block, index }));
    }
  }

  /** Drops every block above `height` (a forced reorg); returns them, oldest first. */
  truncate(height: number): SealedBlock[] {
    if (height < 0 || height >= this.byHeight.length) throw new Error(`${this.chain.name}: cannot truncate to ${height}`);
    const dropped = this.byHeight.splice(height + 1);
    for (const block of dropped) {
      this.byHash.delete(block.hash);
      for (const tx of block.transactions) this.txs.delete(tx.hash);
    }
    return dropped;
  }

  get head(): SealedBlock {
    const head = this.byHeight[this.byHeight.length - 1];
    if (!head) throw new Error('empty chain');
    return head;
  }

  get genesis(): SealedBlock {
    const genesis = this.byHeight[0];
    if (!genesis) throw new Error('empty chain');
    return genesis;
  }

  get height(): number {
    return this.byHeight.length - 1;
  }

  atHeight(height: bigint | number): SealedBlock | undefined {
    const n = Number(height);
    return Number.isSafeInteger(n) && n >= 0 ? this.byHeight[n] : undefined;
  }

  withHash(hash: Hex): SealedBlock | undefined {
    return this.byHash.get(hash.toLowerCase() as Hex);
  }

  transaction(hash: Hex): TxLocation | undefined {
    return this.txs.get(hash.toLowerCase() as Hex);
  }

  get transactionCount(): number {
    return this.txs.size;
  }

  /** The chain-level parent of a block of this chain. */
  parentOf(block: SealedBlock): SealedBlock | undefined {
    const height = Number(block.header.number[this.chain.level]);
    return height > 0 ? this.byHeight[height - 1] : undefined;
  }
}
