/**
 * An address's pooled transactions (`txpool_contentFrom`) as two nonce-ordered lists, for the
 * address page. The client normalises the shapes different nodes send (lib/rpc/parse/txpool.ts).
 */
import type { ChainClient } from '@/lib/rpc/client';
import type { Address, Transaction, TxPoolContent } from '@/lib/rpc/domain';

export interface PoolFrom {
  readonly pending: readonly Transaction[];
  readonly queued: readonly Transaction[];
}

function flatten(section: TxPoolContent['pending']): Transaction[] {
  return [...section.values()]
    .flatMap((byNonce) => [...byNonce.values()])
    .sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
}

export function poolFromContent(content: TxPoolContent): PoolFrom {
  return { pending: flatten(content.pending), queued: flatten(content.queued) };
}

export async function getPoolFrom(client: ChainClient, address: Address): Promise<PoolFrom> {
  return poolFromContent(await client.getTxPoolContentFrom({ address }));
}
