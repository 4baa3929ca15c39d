/**
 * A zone's transaction pool, with go-ethereum's rules as go-quai kept them:
 * - pending: a sender's transactions with consecutive nonces from its account nonce (executable now);
 * - queued: those behind a nonce gap, promoted when the gap closes;
 * - the same sender and nonce again replaces only with both tip and fee cap bumped by ≥ 10%
 *   ("replacement transaction underpriced"), otherwise the usual "nonce too low",
 *   "insufficient funds for gas * price + value", "already known" errors.
 *
 * The pool does not read state itself: callers pass the sender's nonce and balance at the head
 * state, and tell it the new nonces when a block is committed.
 */
import type { Address, Hex } from 'viem';
import { ExecutionError, type PoolContent, type TxRecord } from './api';
import { effectiveTip } from './fees';

export const PRICE_BUMP_PERCENT = 10n;
/** Caps that keep a runaway generator from eating memory (geth: 4096 pending + 1024 queued slots). */
export const MAX_POOL_SIZE = 5120;
export const MAX_QUEUED_PER_SENDER = 64;
/** geth's txpool.lifetime: a transaction stuck behind a gap this long is dropped. */
export const QUEUED_LIFETIME_MS = 3 * 60 * 60 * 1000;

type Key = string; // lower-case address

export class TxPool {
  private readonly bySender = new Map<Key, Map<bigint, TxRecord>>();
  private readonly byHash = new Map<Hex, TxRecord>();
  /** The sender's account nonce at the head state, as last told. */
  private readonly baseNonce = new Map<Key, bigint>();
  private readonly addedAt = new Map<Hex, number>();

  constructor(private readonly queuedLifetimeMs = QUEUED_LIFETIME_MS) {}

  get size(): number {
    return this.byHash.size;
  }

  get(hash: Hex): TxRecord | undefined {
    return this.byHash.get(hash.toLowerCase() as Hex);
  }

  /**
   * Validate against the sender's head nonce and balance and pool the transaction (or replace one).
   * Throws ExecutionError with go-ethereum's messages.
   */
  add(tx: TxRecord, stateNonce: bigint, balance: bigint, now = Date.now()): void {
    const hash = tx.hash.toLowerCase() as Hex;
    if (this.byHash.has(hash)) throw new ExecutionError(`already known`);
    if (tx.nonce < stateNonce) throw new ExecutionError(`nonce too low: address ${tx.from}, tx: ${tx.nonce} state: ${stateNonce}`);
    const cost = tx.gas * tx.gasFeeCap + tx.value;
    if (balance < cost) {
      throw new ExecutionError(`insufficient funds for gas * price + value: address ${tx.from} have ${balance} want ${cost}`);
    }
    const key = tx.from.toLowerCase();
    this.baseNonce.set(key, stateNonce);
    const txs = this.bySender.get(key) ?? new Map<bigint, TxRecord>();
    const old = txs.get(tx.nonce);
    if (old) {
      const bump = 100n + PRICE_BUMP_PERCENT;
      if (tx.gasTipCap * 100n < old.gasTipCap * bump || tx.gasFeeCap * 100n < old.gasFeeCap * bump) {
        throw new ExecutionError('replacement transaction underpriced');
      }
      this.forget(old);
    } else {
      if (this.byHash.size >= MAX_POOL_SIZE) throw new ExecutionError('txpool is full');
      const pendingCount = this.consecutive(txs, stateNonce).length;
      const queuedCount = txs.size - pendingCount;
      if (tx.nonce > stateNonce + BigInt(pendingCount) && queuedCount >= MAX_QUEUED_PER_SENDER) {
        throw new ExecutionError('txpool is full for this account (too many queued transactions)');
      }
    }
    txs.set(tx.nonce, tx);
    this.bySender.set(key, txs);
    this.byHash.set(hash, tx);
    this.addedAt.set(hash, now);
  }

  /** pending = consecutive nonces from the head nonce; queued = the rest. */
  content(): PoolContent {
    const pending = new Map<Address, Map<bigint, TxRecord>>();
    const queued = new Map<Address, Map<bigint, TxRecord>>();
    for (const [key, txs] of this.bySender) {
      const base = this.baseNonce.get(key) ?? 0n;
      const run = this.consecutive(txs, base);
      const runNonces = new Set(run.map((t) => t.nonce));
      const sorted = [...txs.values()].sort((a, b) => (a.nonce < b.nonce ? -1 : 1));
      const first = sorted[0];
      if (!first) continue;
      const p = new Map(run.map((t) => [t.nonce, t] as const));
      const q = new Map(sorted.filter((t) => !runNonces.has(t.nonce)).map((t) => [t.nonce, t] as const));
      if (p.size > 0) pending.set(first.from, p);
      if (q.size > 0) queued.set(first.from, q);
    }
    return { pending, queued };
  }

  /** Number of the sender's transactions executable in a row from `stateNonce`. */
  pendingCount(address: Address, stateNonce: bigint): number {
    const txs = this.bySender.get(address.toLowerCase());
    return txs ? this.consecutive(txs, stateNonce).length : 0;
  }

  /** Senders with something pooled (lower-case). */
  senders(): Address[] {
    return [...this.bySender.keys()] as Address[];
  }

  /**
   * Transactions to put in a block, given each sender's nonce in the parent state: per sender the
   * consecutive run from that nonce, merged by effective tip (highest first) like geth's
   * price-and-nonce ordering; a sender whose head pays less than the base fee is left out.
   */
  selectForBlock(nonceOf: ReadonlyMap<Key, bigint>, baseFee: bigint): TxRecord[] {
    const runs: TxRecord[][] = [];
    for (const [key, txs] of this.bySender) {
      const run = this.consecutive(txs, nonceOf.get(key) ?? 0n);
      if (run.length > 0) runs.push(run);
    }
    const out: TxRecord[] = [];
    const tipOf = (t: TxRecord) => effectiveTip(t.gasTipCap, t.gasFeeCap, baseFee);
    for (;;) {
      let best = -1;
      for (let i = 0; i < runs.length; i++) {
        const head = runs[i]?.[0];
        if (!head || head.gasFeeCap < baseFee) continue;
        const bestHead = best >= 0 ? runs[best]?.[0] : undefined;
        if (!bestHead || tipOf(head) > tipOf(bestHead)) best = i;
      }
      if (best < 0) return out;
      const run = runs[best];
      const tx = run?.shift();
      if (tx) out.push(tx);
    }
  }

  /**
   * After a block, with each sender's nonce and balance at the new head (geth's pool reset):
   * drop transactions below the nonce (mined or stale), those costing more than the balance
   * (gas · feeCap + value), and queued ones older than the lifetime. A drop inside a run leaves a
   * gap, so what follows it becomes queued.
   */
  onNewHead(accounts: ReadonlyMap<Key, { nonce: bigint; balance?: bigint }>, now = Date.now()): void {
    for (const [key, { nonce, balance }] of accounts) {
      this.baseNonce.set(key, nonce);
      const txs = this.bySender.get(key);
      if (!txs) continue;
      for (const [n, tx] of txs) {
        const unaffordable = balance !== undefined && tx.gas * tx.gasFeeCap + tx.value > balance;
        if (n < nonce || unaffordable) {
          txs.delete(n);
          this.forget(tx);
        }
      }
      const runLength = this.consecutive(txs, nonce).length;
      for (const [n, tx] of txs) {
        const queued = n >= nonce + BigInt(runLength);
        if (queued && now - (this.addedAt.get(tx.hash.toLowerCase() as Hex) ?? now) > this.queuedLifetimeMs) {
          txs.delete(n);
          this.forget(tx);
        }
      }
      if (txs.size === 0) this.bySender.delete(key);
    }
  }

  /** Drop one transaction (what follows it from the same sender becomes queued). */
  remove(hash: Hex): void {
    const tx = this.get(hash);
    if (!tx) return;
    const key = tx.from.toLowerCase();
    const txs = this.bySender.get(key);
    txs?.delete(tx.nonce);
    if (txs?.size === 0) this.bySender.delete(key);
    this.forget(tx);
  }

  private forget(tx: TxRecord): void {
    const hash = tx.hash.toLowerCase() as Hex;
    this.byHash.delete(hash);
    this.addedAt.delete(hash);
  }

  private consecutive(txs: ReadonlyMap<bigint, TxRecord>, from: bigint): TxRecord[] {
    const run: TxRecord[] = [];
    for (let n = from; ; n++) {
      const tx = txs.get(n);
      if (!tx) return run;
      run.push(tx);
    }
  }
}
