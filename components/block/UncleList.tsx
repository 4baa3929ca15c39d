import { Address } from '@/components/ui/values/Address';
import { Hash } from '@/components/ui/values/Hash';
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash as HashHex, Uncle } from '@/lib/rpc/domain';
import { urls } from '@/lib/routes/urls';
import { NumberTriple } from '@/components/ui/values/NumberTriple';

/** A block's uncles, each linking to its uncle page. */
export function UncleList({ chain, blockHash, uncles }: { chain: ChainName; blockHash: HashHex; uncles: readonly Uncle[] }) {
  if (uncles.length === 0) return <p className="p-4 text-sm text-muted">This block includes no uncles.</p>;
  return (
    <ul className="divide-y divide-border" data-testid="uncle-list">
      {uncles.map((uncle, index) => (
        <li key={`${uncle.hash}-${index}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
          <span className="text-muted">#{index}</span>
          <Hash value={uncle.hash} href={urls.uncle(chain, blockHash, index)} copy />
          <NumberTriple numbers={uncle.number} className="font-mono text-xs tabular-nums text-muted" />
          <span className="text-xs text-muted">
            miner <Address address={uncle.miner} />
          </span>
        </li>
      ))}
    </ul>
  );
}
