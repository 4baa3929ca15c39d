/**
 * Parsers for `txpool_*` (spec §2.9): sections map a sender address to a batch keyed by the
 * nonce as a decimal string (not a Quantity).
 */
import type { Address } from 'viem';
import type { Transaction, TxPoolContent, TxPoolInspect, TxPoolSection, TxPoolStatus } from '../domain';
import { address, fail, field, object, quantity, string, type Reader } from './fields';
import { parseTransaction } from './transaction';

const DECIMAL_RE = /^(0|[1-9][0-9]*)$/;

function section<T>(value: unknown, path: string, entry: Reader<T>): TxPoolSection<T> {
  const senders = object(value, path);
  const out = new Map<Address, ReadonlyMap<bigint, T>>();
  for (const [sender, batch] of Object.entries(senders)) {
    const senderPath = `${path}[${JSON.stringify(sender)}]`;
    const from = address(sender, senderPath);
    const byNonce = new Map<bigint, T>();
    for (const [nonce, item] of Object.entries(object(batch, senderPath))) {
      const noncePath = `${senderPath}[${JSON.stringify(nonce)}]`;
      if (!DECIMAL_RE.test(nonce)) fail(noncePath, 'a decimal nonce key', nonce);
      byNonce.set(BigInt(nonce), entry(item, noncePath));
    }
    out.set(from, byNonce);
  }
  return out;
}

const poolTransaction: Reader<Transaction> = (value, path) => parseTransaction(value, path);

export function parseTxPoolContent(value: unknown, path = 'txpool'): TxPoolContent {
  const r = object(value, path);
  return {
    pending: field(r, path, 'pending', (v, p) => section(v, p, poolTransaction)),
    queued: field(r, path, 'queued', (v, p) => section(v, p, poolTransaction)),
  };
}

/**
 * `txpool_contentFrom`. Nodes disagree on the shape: go-ethereum, go-quai and the devnet answer
 * `{ pending: { "<nonce>": tx } }` (already narrowed to the address, no sender level), while the
 * spec calls it "the same shape as txpool_content" (`{ pending: { "<sender>": { "<nonce>": tx } } }`).
 * Both are accepted and normalised to the txpool_content shape, keeping only `from`'s entries.
 */
export function parseTxPoolContentFrom(value: unknown, from: Address, path = 'txpool_contentFrom'): TxPoolContent {
  const r = object(value, path);
  const narrowed = (v: unknown, p: string): TxPoolSection<Transaction> => {
    const keys = Object.keys(object(v, p));
    if (keys.length > 0 && keys.every((k) => DECIMAL_RE.test(k))) {
      return section({ [from]: v }, p, poolTransaction);
    }
    const all = section(v, p, poolTransaction);
    const mine = [...all].filter(([sender]) => sender.toLowerCase() === from.toLowerCase());
    return new Map(mine);
  };
  return {
    pending: field(r, path, 'pending', narrowed),
    queued: field(r, path, 'queued', narrowed),
  };
}

export function parseTxPoolInspect(value: unknown, path = 'txpool'): TxPoolInspect {
  const r = object(value, path);
  return {
    pending: field(r, path, 'pending', (v, p) => section(v, p, string)),
    queued: field(r, path, 'queued', (v, p) => section(v, p, string)),
  };
}

export function parseTxPoolStatus(value: unknown, path = 'txpool'): TxPoolStatus {
  const r = object(value, path);
  return {
    pending: field(r, path, 'pending', quantity),
    queued: field(r, path, 'queued', quantity),
  };
}
