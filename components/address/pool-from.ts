/**
 * `txpool_contentFrom` for one address, accepting both shapes nodes send:
 *   - go-ethereum's (and go-quai's, and the devnet's): { pending: { "<nonce>": tx }, queued: {…} },
 *     already narrowed to the address, so there is no sender level;
 *   - the spec's wording ("same shape as txpool_content"): { pending: { "<sender>": { "<nonce>": tx } } }.
 * lib/rpc's getTxPoolContentFrom reads only the second (reported to its owner), so the address
 * page calls the method through the client's transport with this parser.
 */
import type { ChainClient } from '@/lib/rpc/client';
import type { Address, Transaction } from '@/lib/rpc/domain';
import { fail, object } from '@/lib/rpc/parse/fields';
import { parseTransaction } from '@/lib/rpc/parse/transaction';

export interface PoolFrom {
  readonly pending: readonly Transaction[];
  readonly queued: readonly Transaction[];
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function batch(value: unknown, path: string, out: Transaction[]): void {
  for (const [nonce, tx] of Object.entries(object(value, path))) {
    if (!DECIMAL.test(nonce)) fail(`${path}[${JSON.stringify(nonce)}]`, 'a decimal nonce key', nonce);
    out.push(parseTransaction(tx, `${path}[${JSON.stringify(nonce)}]`));
  }
}

function section(value: unknown, path: string, address: Address): Transaction[] {
  const out: Transaction[] = [];
  for (const [key, inner] of Object.entries(object(value, path))) {
    if (DECIMAL.test(key)) {
      out.push(parseTransaction(inner, `${path}[${JSON.stringify(key)}]`));
    } else if (ADDRESS.test(key)) {
      if (key.toLowerCase() === address.toLowerCase()) batch(inner, `${path}[${JSON.stringify(key)}]`, out);
    } else {
      fail(`${path}[${JSON.stringify(key)}]`, 'a decimal nonce or a sender address key', key);
    }
  }
  return out.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
}

export function parsePoolFrom(value: unknown, address: Address, path = 'txpool_contentFrom'): PoolFrom {
  const r = object(value, path);
  return { pending: section(r.pending ?? {}, `${path}.pending`, address), queued: section(r.queued ?? {}, `${path}.queued`, address) };
}

export function getPoolFrom(client: ChainClient, address: Address): Promise<PoolFrom> {
  return client.transport.request('txpool_contentFrom', [address], (r) => parsePoolFrom(r, address));
}
