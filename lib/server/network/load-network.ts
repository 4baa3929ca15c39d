/**
 * The network page's reads: per configured chain one batch (chain id, location, block number,
 * head header, syncing, net_listening, net_peerCount, net_version), then one more call per chain
 * for the header N blocks back (the average block time). Chains are read in parallel; a chain
 * that fails only fails its own row.
 *
 * The reads are the same for every viewer until a chain moves: they are shared for a second,
 * keyed by the heads of the tips snapshot held now (lib/server/tips/tips-source.ts), so a new head
 * is read on the next request after the snapshot has it and any number of viewers cost one read
 * per head. The sync verdict is computed per request (it compares the head's age with now).
 */
import type { Chain } from '@/lib/protocol/chains';
import { getConfig } from '@/lib/ops/config';
import type { Header } from '@/lib/rpc/domain';
import { describeFailure, isUnserved } from '@/lib/server/node/node-errors';
import { getClients } from '@/lib/server/node/clients';
import type { Field, NetworkRow } from '@/lib/network/network-row';
import { assessSync } from '@/lib/checks/sync';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { freshTips } from '@/lib/server/tips/tips-source';

/** Blocks between the head and the header the average block time is measured against. */
export const BLOCK_TIME_SAMPLE = 20n;

function field<T>(r: PromiseSettledResult<T>): Field<T> {
  if (r.status === 'fulfilled') return { ok: true, value: r.value };
  return { ok: false, unserved: isUnserved(r.reason), message: describeFailure(r.reason) };
}

interface Raw {
  chain: Chain;
  url: string;
  fields: Omit<NetworkRow, 'chain' | 'url' | 'verdict' | 'avgBlockTimeSec' | 'head'>;
  head: Field<Header>;
  avgBlockTimeSec: number | undefined;
}

async function readChain(chain: Chain): Promise<Raw> {
  const client = getClients().get(chain.name);
  if (!client) throw new Error(`${chain.name} is not configured`);
  const [chainId, location, blockNumber, head, syncing, listening, peerCount, netVersion] = await Promise.allSettled([
    client.getChainId(),
    client.getNodeLocation(),
    client.getBlockNumber(),
    client.getHeaderByNumber({ blockNumber: 'latest' }).then((h) => {
      if (!h) throw new Error('The node has no latest header');
      return h as Header;
    }),
    client.getSyncing(),
    client.getNetListening(),
    client.getNetPeerCount(),
    client.getNetVersion(),
  ]);
  let avgBlockTimeSec: number | undefined;
  if (head.status === 'fulfilled') {
    const height = head.value.number[chain.level];
    const back = height > BLOCK_TIME_SAMPLE ? BLOCK_TIME_SAMPLE : height;
    if (back > 0n) {
      const older = await client.getHeaderByNumber({ blockNumber: height - back }).catch(() => null);
      if (older) avgBlockTimeSec = Number(head.value.timestamp - older.timestamp) / Number(back);
    }
  }
  return {
    chain,
    url: client.url,
    fields: {
      chainId: field(chainId),
      location: field(location),
      blockNumber: field(blockNumber),
      syncing: field(syncing),
      listening: field(listening),
      peerCount: field(peerCount),
      netVersion: field(netVersion),
    },
    head: field(head),
    avgBlockTimeSec,
  };
}

/** Every configured chain's reads, shared by the viewers of one tips snapshot's heads for a second. */
async function readChains(): Promise<Raw[]> {
  // The snapshot getTips() holds now, without waiting for a read of every chain; without one
  // (nobody asked for the tips lately), the reads are shared for the second all the same.
  const heads = freshTips()?.chains.map((c) => c.hash ?? '-').join(',');
  return coalesceShared(`network:${heads ?? 'unknown'}`, 1_000, () => Promise.all(getConfig().chains.map(({ chain }) => readChain(chain))));
}

export async function loadNetwork(nowSec = Date.now() / 1000): Promise<NetworkRow[]> {
  const raws = await readChains();
  // The tips the dominant chains report, to check each subordinate chain's progress against.
  const tipOfLevel = (chain: Chain, level: 0 | 1): bigint | undefined => {
    const dominant = raws.find((r) => r.chain.level === level && r.chain.location.every((b, i) => chain.location[i] === b));
    return dominant?.head.ok ? dominant.head.value.number[level] : undefined;
  };
  return raws.map((r): NetworkRow => {
    const dominantTips = new Map<number, bigint>();
    for (const level of [0, 1] as const) {
      if (level >= r.chain.level) continue;
      const tip = tipOfLevel(r.chain, level);
      if (tip !== undefined) dominantTips.set(level, tip);
    }
    const head = r.head.ok
      ? { ok: true as const, value: { number: r.head.value.number, timestamp: r.head.value.timestamp, hash: r.head.value.hash } }
      : r.head;
    const verdict = assessSync({
      chain: r.chain,
      syncing: r.fields.syncing.ok ? r.fields.syncing.value : undefined,
      head: r.head.ok ? r.head.value : undefined,
      dominantTips,
      avgBlockTimeSec: r.avgBlockTimeSec,
      nowSec,
    });
    return { chain: r.chain, url: r.url, ...r.fields, head, avgBlockTimeSec: r.avgBlockTimeSec, verdict };
  });
}
