/**
 * The index writer as the explorer (its index service, lib/server/…/index-service.ts) and
 * `npm run indexer` (indexer/main.ts) run it: the engine's writer (engine/index-writer.ts) handed
 * every derivation of the index (derivations/index.ts). A test that builds an index of an older
 * schema names the derivations it writes instead.
 */
import { DERIVATIONS } from './derivations/index';
import { startWriter, type IndexWriter, type IndexWriterOptions } from './engine/index-writer';

export type DefaultWriterOptions = Omit<IndexWriterOptions, 'derivations'> & Partial<Pick<IndexWriterOptions, 'derivations'>>;

export function startIndexWriter(options: DefaultWriterOptions): IndexWriter {
  return startWriter({ ...options, derivations: options.derivations ?? DERIVATIONS });
}
