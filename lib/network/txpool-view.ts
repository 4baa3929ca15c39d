/**
 * The txpool page's data as JSON-safe values (bigints as decimal strings): what /api/txpool/<zone>
 * returns and what the server renders first, so the polling client takes over from exactly what
 * the server drew. Built from the three txpool methods, each of which a node may or may not serve.
 * Type definitions and pure builders only: safe to import from client components.
 */
import type { Address, Transaction, TxPoolContent, TxPoolInspect, TxPoolStatus } from '@/lib/rpc/domain';
import { groupPool, type PoolSections } from './group-pool';

/** One txpool method's outcome: its value, "the node does not serve it", or another failure. */
export type Section<T> =
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'unserved'; readonly method: string }
  | { readonly kind: 'error'; readonly message: string };

export interface PoolTxView {
  readonly hash: string;
  readonly to: string | null;
  readonly value: string;
  readonly gas: string;
  readonly maxFeePerGas: string;
  readonly maxPriorityFeePerGas: string;
  readonly type: 0 | 1 | 2;
  /** The input's first four bytes (a method selector), null when shorter. */
  readonly method: string | null;
}

export type PoolRowView =
  | {
      readonly kind: 'tx';
      readonly nonce: string;
      readonly status: 'pending' | 'queued';
      /** From txpool_content; absent when only txpool_inspect answered. */
      readonly tx?: PoolTxView;
      /** From txpool_inspect: the node's own one-line summary, shown as it came. */
      readonly summary?: string;
    }
  | { readonly kind: 'gap'; readonly from: string; readonly to: string };

export interface PoolGroupView {
  readonly sender: string;
  readonly rows: readonly PoolRowView[];
  readonly pendingCount: number;
  readonly queuedCount: number;
  readonly missingNonces: string;
}

export interface TxpoolView {
  readonly zone: string;
  /** Server clock (ms) when the node was read. */
  readonly fetchedAt: number;
  readonly status: Section<{ readonly pending: string; readonly queued: string }>;
  /** Groups from txpool_content (or, when only inspect is served, from txpool_inspect). */
  readonly groups: Section<readonly PoolGroupView[]>;
  /** Whether txpool_inspect answered (its summaries are merged into the rows). */
  readonly inspect: Section<null>;
}

export function txView(tx: Transaction): PoolTxView {
  return {
    hash: tx.hash,
    to: tx.to,
    value: tx.value.toString(),
    gas: tx.gas.toString(),
    maxFeePerGas: tx.maxFeePerGas.toString(),
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas.toString(),
    type: tx.type,
    method: tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : null,
  };
}

function summaryOf(inspect: TxPoolInspect | undefined, sender: string, nonce: bigint): string | undefined {
  if (!inspect) return undefined;
  const lower = sender.toLowerCase();
  for (const section of [inspect.pending, inspect.queued]) {
    for (const [s, batch] of section) if (s.toLowerCase() === lower && batch.has(nonce)) return batch.get(nonce);
  }
  return undefined;
}

/**
 * Groups the pool for display. `content` wins when present; `inspect` adds its summaries (or is the
 * only source). `accountNonces` (lower-case address → latest nonce) lets leading gaps show.
 */
export function buildGroups(
  content: TxPoolContent | undefined,
  inspect: TxPoolInspect | undefined,
  accountNonces: ReadonlyMap<string, bigint>,
): PoolGroupView[] | undefined {
  const source: PoolSections<Transaction | string> | undefined = content ?? inspect;
  if (!source) return undefined;
  return groupPool(source, accountNonces).map((g) => ({
    sender: g.sender,
    pendingCount: g.pendingCount,
    queuedCount: g.queuedCount,
    missingNonces: g.missingNonces.toString(),
    rows: g.rows.map((r): PoolRowView => {
      if (r.kind === 'gap') return { kind: 'gap', from: r.from.toString(), to: r.to.toString() };
      const tx = typeof r.entry === 'string' ? undefined : txView(r.entry);
      const summary = typeof r.entry === 'string' ? r.entry : summaryOf(inspect, g.sender, r.nonce);
      return { kind: 'tx', nonce: r.nonce.toString(), status: r.status, ...(tx ? { tx } : {}), ...(summary !== undefined ? { summary } : {}) };
    }),
  }));
}

export function statusView(status: TxPoolStatus): { pending: string; queued: string } {
  return { pending: status.pending.toString(), queued: status.queued.toString() };
}

/** Senders whose account nonce is worth fetching: those with queued entries. */
export function sendersToCheck(content: TxPoolContent | undefined, inspect: TxPoolInspect | undefined): Address[] {
  const source = content ?? inspect;
  if (!source) return [];
  return [...source.queued.entries()].filter(([, b]) => b.size > 0).map(([s]) => s);
}
