/**
 * `txpool_*`: the zone's pool by sender and nonce. Answered "method not found" unless the
 * endpoint serves the txpool namespace (a default real node does not), and zone-only.
 */
import { getAddress, type Address } from 'viem';
import type { PoolContent, TxRecord, ZoneExecutionApi } from '../../execution/api';
import { methodNotFound } from '../errors';
import { formatTransaction, q, type Json } from '../format';
import type { Handlers, MethodContext } from './context';

/** Nonce → transaction, in nonce order; `summary` is txpool_inspect's one line per transaction. */
function poolJson(txs: ReadonlyMap<bigint, TxRecord>, summary: boolean): Json {
  const out: { [nonce: string]: Json } = {};
  for (const [nonce, tx] of [...txs].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    out[nonce.toString(10)] = summary
      ? `${tx.to ? getAddress(tx.to) : 'contract creation'}: ${tx.value} wei + ${tx.gas} gas × ${tx.gasFeeCap} wei`
      : formatTransaction(tx);
  }
  return out;
}

function poolSection(section: ReadonlyMap<Address, ReadonlyMap<bigint, TxRecord>>, summary: boolean): Json {
  const out: { [address: string]: Json } = {};
  for (const [address, txs] of section) out[getAddress(address)] = poolJson(txs, summary);
  return out;
}

export function txpoolMethods({ options, zone }: MethodContext): Handlers {
  const txpool = (method: string): ZoneExecutionApi => {
    if (!options.serveTxpool) throw methodNotFound(method);
    return zone(method.replace(/^txpool_/, ''));
  };
  return {
    txpool_content: (p) => {
      const content = txpool('txpool_content').poolContent();
      p.atMost(0);
      return { pending: poolSection(content.pending, false), queued: poolSection(content.queued, false) };
    },
    txpool_contentFrom: (p) => {
      const content = txpool('txpool_contentFrom').poolContent();
      const address = p.atMost(1).address(0);
      const find = (section: PoolContent['pending']): Json => {
        for (const [from, txs] of section) if (from.toLowerCase() === address) return poolJson(txs, false);
        return {};
      };
      return { pending: find(content.pending), queued: find(content.queued) };
    },
    txpool_inspect: (p) => {
      const content = txpool('txpool_inspect').poolContent();
      p.atMost(0);
      return { pending: poolSection(content.pending, true), queued: poolSection(content.queued, true) };
    },
    txpool_status: (p) => {
      const content = txpool('txpool_status').poolContent();
      p.atMost(0);
      const count = (section: PoolContent['pending']): number => [...section.values()].reduce((n, m) => n + m.size, 0);
      return { pending: q(count(content.pending)), queued: q(count(content.queued)) };
    },
  };
}
