/**
 * The chain overview: the newest blocks of one chain. The tip's number is needed before the
 * older heights can be named, so this is two round trips: the latest block, then the rest in
 * one batch.
 */
import type { Chain } from '@/lib/chains';
import type { Block } from '@/lib/rpc/domain';
import { clientOf } from '@/lib/server/clients';
import { coalesceShared } from '@/lib/server/coalesce';

export interface ChainOverview {
  readonly chain: Chain;
  readonly blocks: readonly Block<'hashes'>[];
}

export function loadChainOverview(chain: Chain, count = 20): Promise<ChainOverview> {
  return coalesceShared(`chain:${chain.name}:${count}`, 1_000, async () => {
    const client = clientOf(chain);
    const latest = await client.getBlockByNumber({ blockNumber: 'latest' });
    if (!latest) return { chain, blocks: [] };
    const height = latest.number[chain.level];
    const older: bigint[] = [];
    for (let n = height - 1n; n >= 0n && older.length < count - 1; n--) older.push(n);
    const rest = await Promise.all(older.map((n) => client.getBlockByNumber({ blockNumber: n })));
    return { chain, blocks: [latest, ...rest.filter((b): b is Block<'hashes'> => b !== null)] };
  });
}
