/**
 * `debug_*` and the devnet's own `devnet_reorg`: answered "method not found" unless the endpoint
 * serves the debug namespace, as on a default real node.
 */
import { encodeBlockRlp } from '@/lib/protocol/header';
import { bodyAt } from '../../chain/block';
import { chaindbProperty, printBlock } from '../debug';
import { methodNotFound, serverError } from '../errors';
import type { Json } from '../format';
import type { Handlers, MethodContext } from './context';

export function debugMethods({ endpoint, level, network, store, options, size }: MethodContext): Handlers {
  const debug = (method: string): void => {
    if (!options.serveDebug) throw methodNotFound(method);
  };
  return {
    debug_getBlockRlp: (p) => {
      debug('debug_getBlockRlp');
      const height = p.atMost(1).integer(0, 'blockHeight');
      const block = store.atHeight(height);
      if (!block) throw serverError(`block #${height} not found`);
      const body = bodyAt(block, level);
      return encodeBlockRlp({
        header: block.header,
        transactions: body.transactions.map((t) => t.raw),
        uncles: body.uncles,
        extTransactions: body.extTransactions.map((e) => e.raw),
        subManifest: body.subManifest,
      }).slice(2);
    },
    debug_printBlock: (p) => {
      debug('debug_printBlock');
      const height = p.atMost(1).integer(0, 'blockHeight');
      const block = store.atHeight(height);
      if (!block) throw serverError(`block #${height} not found`);
      return printBlock(block, level, size(block));
    },
    debug_chaindbProperty: (p) => {
      debug('debug_chaindbProperty');
      return chaindbProperty(p.atMost(1).has(0) ? p.string(0, 'property') : '', store, network);
    },
    // Devnet only (no real node has it): replace the last `depth` blocks of this zone with a longer
    // branch, so an indexer's reorg handling can be seen at work. Answers the ancestor, dropped and new hashes.
    devnet_reorg: async (p) => {
      debug('devnet_reorg');
      if (!endpoint.reorg) throw serverError('devnet_reorg call can only be made in zone chain');
      const depth = p.atMost(1).integer(0, 'depth');
      try {
        return (await endpoint.reorg(depth)) as Json;
      } catch (error) {
        throw serverError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
