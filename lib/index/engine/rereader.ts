/**
 * Re-reads blocks an index already holds for the derivations a later migration introduced
 * (migrate.ts records them in index_rereads: per chain and derivation, the blocks [next, through]
 * that lack its rows). Per chain, beside the ChainFollower and without stopping it: fetch a small
 * window of those blocks again (block, receipts, node reads), and in one transaction write only
 * the pending derivations' rows for the blocks whose stored hash is still the fetched one, and
 * move `next` past them. A kill -9 leaves whole windows; the restart goes on from `next`.
 *
 * Reorgs: rollbackTo lowers `through` to the rollback height (the follower rewrites the blocks
 * above with every derivation), and a block whose stored hash differs from the node's is left
 * for the follower to roll back first; the re-read waits and tries again.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { WriterSession } from '../drivers/db';
import { hexCol } from '../drivers/sql';
import type { BlockSource } from './block-source';
import { blockPass, tracePass, type Derivation } from './derivation';
import { fetchBlocksWithReads } from './fetch-block';
import { readWindow, startReaders } from './node-reads';
import { storedBlockOf } from './trace-pass/trace-store';
import { sleep } from './sleep';

/** One pending re-read: `derivation` still lacks its rows for blocks next..through of `chain`. */
export interface PendingReread {
  readonly chain: ChainName;
  readonly derivation: string;
  readonly next: bigint;
  readonly through: bigint;
}

export interface RereadProgress {
  readonly chain: ChainName;
  readonly phase: 'reading' | 'done' | 'error';
  /** The derivations still being re-read, with the next block and the last one. */
  readonly pending: readonly PendingReread[];
  readonly error?: string;
}

export async function pendingRereads(q: { query: WriterSession['query'] }, chain?: ChainName): Promise<PendingReread[]> {
  const rows = await q.query(
    `SELECT chain, derivation, next::text AS next, through::text AS through FROM index_rereads
      WHERE $1::text IS NULL OR chain = $1 ORDER BY chain, next, derivation`,
    [chain ?? null],
  );
  return rows.map((r) => ({
    chain: String(r.chain) as ChainName, derivation: String(r.derivation), next: BigInt(String(r.next)), through: BigInt(String(r.through)),
  }));
}

export interface RereadOptions {
  /** Every derivation the writer writes: those pending are re-read, the others told (afterReread). */
  readonly derivations: readonly Derivation[];
  /** Blocks per transaction (default 32: short transactions, so live blocks never wait long). */
  readonly window?: number;
  readonly log?: (line: string) => void;
  /** Logs a line after each committed window ("index: cyprus1: re-read 0..3"), as FollowOptions.logCommits. */
  readonly logCommits?: boolean;
}

export class Rereader {
  private progress: RereadProgress;
  private announced = false;

  constructor(
    private readonly source: BlockSource,
    private readonly session: WriterSession,
    private readonly options: RereadOptions,
  ) {
    this.progress = { chain: source.chain, phase: 'reading', pending: [] };
  }

  get status(): RereadProgress {
    return this.progress;
  }

  /** Re-reads until nothing is pending for this chain (resolves then), or until `signal`. */
  async run(signal: AbortSignal): Promise<void> {
    const window = BigInt(this.options.window ?? 32);
    // A schema from before migration 4 (tests build one) has nothing to re-read and no table for it.
    const [table] = await this.session.query(`SELECT to_regclass('index_rereads') IS NOT NULL AS present`);
    if (table?.present !== true) {
      this.progress = { ...this.progress, phase: 'done' };
      return;
    }
    while (!signal.aborted) {
      try {
        const pending = await pendingRereads(this.session, this.source.chain);
        this.progress = { ...this.progress, pending, phase: pending.length > 0 ? 'reading' : 'done', error: undefined };
        const first = pending[0];
        if (!first) {
          if (this.announced) this.options.log?.(`index: ${this.source.chain}: re-read done`);
          return;
        }
        if (!this.announced) {
          this.announced = true;
          const what = pending.map((p) => `${p.derivation} ${p.next}..${p.through}`).join(', ');
          this.options.log?.(`index: ${this.source.chain}: re-reading stored blocks for derivations added since they were written: ${what}`);
        }
        // The derivations at the lowest `next` go together: one fetch serves all of them.
        const group = pending.filter((p) => p.next === first.next);
        const through = group.reduce((low, p) => (p.through < low ? p.through : low), first.through);
        const end = first.next + window - 1n < through ? first.next + window - 1n : through;
        const derivations = this.options.derivations.filter((d) => group.some((p) => p.derivation === d.name));
        const unknown = group.filter((p) => !derivations.some((d) => d.name === p.derivation));
        if (unknown.length > 0) throw new Error(`no derivation named ${unknown.map((p) => p.derivation).join(', ')} to re-read`);
        // Readers started afresh: a re-read remembers nothing between its windows. A trace-pass
        // derivation reads the fetched blocks as they are stored (migrate.ts keeps its range at or
        // below the trace cursor, so they are: the hashes are checked below).
        const fetched = await fetchBlocksWithReads(this.session, this.source, first.next, end, startReaders(blockPass(derivations)));
        const { blocks } = fetched;
        const stored = blocks.map(storedBlockOf);
        const reads = { ...fetched.reads, ...(await readWindow(this.session, this.source, stored, startReaders(tracePass(derivations)))) };
        const written = await this.session.transaction(async (tx) => {
          const names = derivations.map((d) => d.name);
          const rows = await tx.query(
            `SELECT derivation, next::text AS next, through::text AS through FROM index_rereads
              WHERE chain = $1 AND derivation = ANY($2::text[]) FOR UPDATE`,
            [this.source.chain, names],
          );
          // A rollback in between may have moved the range: re-read only what is still pending as fetched.
          if (rows.length !== names.length || rows.some((r) => BigInt(String(r.next)) !== first.next)) return 0;
          const limit = rows.reduce((low, r) => (BigInt(String(r.through)) < low ? BigInt(String(r.through)) : low), end);
          const storedHashes = await tx.query(
            `SELECT number::text AS number, ${hexCol('hash', 'hash')} FROM blocks WHERE chain = $1 AND number BETWEEN $2 AND $3`,
            [this.source.chain, first.next, limit],
          );
          const hashes = new Map(storedHashes.map((r) => [String(r.number), String(r.hash)]));
          let count = 0;
          for (const block of blocks) {
            if (block.number > limit || hashes.get(block.number.toString()) !== block.hash.toLowerCase()) break;
            count++;
          }
          if (count === 0) return 0;
          const ready = blocks.slice(0, count);
          for (const d of derivations) {
            if (d.pass === 'trace') await d.write(tx, stored.slice(0, count), reads[d.name] ?? []);
            else if (d.pass === 'balance') continue; // its own pass starts from the first stored block (never re-read)
            else await (d.reread ?? d.write).call(d, tx, ready, reads[d.name] ?? []);
          }
          // The other derivations wrote these blocks without the rows just re-read: one that
          // counted them (daily counts, from ETX origins) adds what those rows contribute.
          for (const d of this.options.derivations) if (!derivations.includes(d)) await d.afterReread?.(tx, ready, names);
          const next = first.next + BigInt(count);
          await tx.query('UPDATE index_rereads SET next = $3 WHERE chain = $1 AND derivation = ANY($2::text[])', [this.source.chain, names, next]);
          await tx.query('DELETE FROM index_rereads WHERE chain = $1 AND next > through', [this.source.chain]);
          return count;
        });
        if (written > 0 && this.options.logCommits) this.options.log?.(`index: ${this.source.chain}: re-read ${first.next}..${first.next + BigInt(written) - 1n}`);
        if (written === 0) await sleep(1_000, signal);
      } catch (error) {
        if (signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        if (this.progress.error !== message) this.options.log?.(`index: ${this.source.chain}: re-read: ${message}`);
        this.progress = { ...this.progress, phase: 'error', error: message };
        await sleep(2_000, signal);
      }
    }
  }
}
