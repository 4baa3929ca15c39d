/**
 * One set of node readers per process, built from getConfig(): one per configured chain.
 *
 * Kept on globalThis because Next bundles route handlers, pages and proxy.ts separately; a
 * module-level variable would give each bundle (and each dev hot reload) its own transports and
 * its own coalescing state.
 *
 * The readers sit on lib/rpc's transport (which batches concurrent calls into one HTTP request
 * per chain) and its strict parsers.
 */
import type { Chain, ChainName } from '@/lib/chains';
import { getConfig, type StrataConfig } from '@/lib/config';
import { parseBlock } from '@/lib/rpc/parse/block';
import { parseSyncStatus } from '@/lib/rpc/parse/scalars';
import { parseTransaction } from '@/lib/rpc/parse/transaction';
import { parseTxPoolStatus } from '@/lib/rpc/parse/txpool';
import { quantity } from '@/lib/rpc/parse/fields';
import { createTransport, type RpcTransport } from '@/lib/rpc/transport';
import type { Block, Hash } from '@/lib/rpc/domain';
import type { ChainReader } from './reader';

const toQuantity = (n: bigint) => `0x${n.toString(16)}`;

/** A ChainReader over one chain's transport. */
export function createChainReader(chain: Chain, transport: RpcTransport, namespace: string): ChainReader {
  const m = (name: string) => `${namespace}_${name}`;
  const orNull = <T>(parse: (v: unknown) => T) => (v: unknown): T | null => (v === null ? null : parse(v));

  function blockByNumber(number: bigint | 'latest', full: false): Promise<Block<'hashes'> | null>;
  function blockByNumber(number: bigint | 'latest', full: true): Promise<Block<'full'> | null>;
  function blockByNumber(number: bigint | 'latest', full: boolean): Promise<Block<'hashes'> | Block<'full'> | null> {
    const tag = number === 'latest' ? 'latest' : toQuantity(number);
    return full
      ? transport.request(m('getBlockByNumber'), [tag, true], orNull((v) => parseBlock(v, 'block', { detail: 'full' })))
      : transport.request(m('getBlockByNumber'), [tag, false], orNull((v) => parseBlock(v, 'block', { detail: 'hashes' })));
  }

  return {
    chain,
    blockNumber: () => transport.request(m('blockNumber'), [], (v) => quantity(v, 'blockNumber')),
    blockByNumber,
    blockByHash: (hash: Hash, _full: false) =>
      transport.request(m('getBlockByHash'), [hash, false], orNull((v) => parseBlock(v, 'block', { detail: 'hashes' }))),
    transactionByHash: (hash: Hash) =>
      transport.request(m('getTransactionByHash'), [hash], orNull((v) => parseTransaction(v, 'transaction'))),
    txpoolStatus: () => transport.request('txpool_status', [], (v) => parseTxPoolStatus(v, 'txpool')),
    syncing: () => transport.request(m('syncing'), [], (v) => parseSyncStatus(v, 'syncing')),
  };
}

export interface NetworkReaders {
  readonly config: StrataConfig;
  readonly all: readonly ChainReader[];
  readonly byName: ReadonlyMap<ChainName, ChainReader>;
}

export function createNetworkReaders(config: StrataConfig): NetworkReaders {
  const all = config.chains.map(({ chain, url }) =>
    createChainReader(chain, createTransport({ chain: chain.name, url, timeoutMs: config.timeoutMs }), config.namespace),
  );
  return { config, all, byName: new Map(all.map((r) => [r.chain.name, r])) };
}

const KEY = Symbol.for('strata.server.readers');
type Holder = { [KEY]?: NetworkReaders };

/** The process's readers, one per configured chain. */
export function getReaders(): NetworkReaders {
  const holder = globalThis as Holder;
  holder[KEY] ??= createNetworkReaders(getConfig());
  return holder[KEY];
}
