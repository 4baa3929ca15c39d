/**
 * What the index holds, as a short key that changes whenever a read of it could answer
 * differently: every zone's committed block and trace cursors and count of reorganisations, as
 * this process's writer reports them once a COMMIT has been answered. Readers of the index key what they share
 * by it (lib/server/cache/coalesce.ts), so any number of viewers of one address cost one query
 * per indexed block, and the next request after a commit reads the new rows.
 *
 * Undefined when this process does not write the index (another process does, or a standby):
 * then it cannot know when the rows change, and readers share only reads in flight.
 */
import type { IndexAvailability } from '@/lib/server/process/index-service';
import { coalesceShared } from '@/lib/server/cache/coalesce';

const IDS = Symbol.for('strata.server.index-writer-ids');
type Holder = { [IDS]?: { readonly ids: WeakMap<object, number>; next: number } };

/** A number per writer this process started: an index opened again (tests, a restart of the service) never shares a key with the last one. */
function writerId(writer: object): number {
  const holder = ((globalThis as Holder)[IDS] ??= { ids: new WeakMap(), next: 1 });
  let id = holder.ids.get(writer);
  if (id === undefined) {
    id = holder.next++;
    holder.ids.set(writer, id);
  }
  return id;
}

export function indexVersion(index: IndexAvailability): string | undefined {
  if (index.state !== 'ready' || !index.writer) return undefined;
  const status = index.writer.status();
  if (status.role !== 'writer') return undefined;
  const traced = new Map(status.traces.map((t) => [t.chain, t.traced]));
  return `${writerId(index.writer)}/${status.chains.map((c) => `${c.chain}:${c.indexed ?? '-'}:${traced.get(c.chain) ?? '-'}:${c.reorgs}`).join(',')}`;
}

/** How long a read keyed by the version is kept: the key changes with every commit, this only bounds memory. */
export const VERSIONED_TTL_MS = 10_000;

/**
 * `read` shared by every caller asking `key` under the index's current version: one query per
 * commit, however many viewers ask, and the next call after a commit reads the new rows. Without a
 * known version (this process does not write the index) only the calls during one read share it.
 * Failures are never kept.
 */
export function readPerVersion<T>(index: IndexAvailability, key: string, read: () => Promise<T>): Promise<T> {
  const version = indexVersion(index);
  return coalesceShared(`${key}@${version ?? 'unknown'}`, version === undefined ? 0 : VERSIONED_TTL_MS, read);
}
