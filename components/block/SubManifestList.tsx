import Link from 'next/link';
import { CopyButton } from '@/components/ui/values/CopyButton';
import { Hash } from '@/components/ui/values/Hash';
import type { Chain, ChainName } from '@/lib/protocol/chains';
import type { Hash as HashHex } from '@/lib/rpc/domain';
import { urls } from '@/lib/routes/urls';

/**
 * A region or prime block's sub-manifest: the subordinate chain's block hashes since the last
 * coincident block, each linking to that block on the subordinate chain.
 */
export function SubManifestList({
  chain,
  subordinate,
  hashes,
  configured,
}: {
  chain: Chain;
  subordinate: Chain | undefined;
  hashes: readonly HashHex[];
  configured: ReadonlySet<ChainName>;
}) {
  if (chain.level === 2) {
    return <p className="p-4 text-sm text-muted">Zone blocks have no sub-manifest: there is no chain below a zone.</p>;
  }
  if (hashes.length === 0) return <p className="p-4 text-sm text-muted">The sub-manifest is empty.</p>;
  const linkable = subordinate && configured.has(subordinate.name);
  return (
    <div>
      <p className="px-4 pt-3 text-xs text-muted">
        {hashes.length} block{hashes.length === 1 ? '' : 's'} of {subordinate?.label ?? 'the subordinate chain'} since its
        last coincident block{linkable ? '' : ' (that chain is not served here, so they are not linked)'}.
      </p>
      <ol className="divide-y divide-border" data-testid="submanifest-list">
        {hashes.map((hash, i) => (
          <li key={`${hash}-${i}`} className="flex items-center gap-3 px-4 py-2 text-sm">
            <span className="w-8 text-muted tabular-nums">{i}</span>
            {linkable ? (
              // Not prefetched: a prime block's sub-manifest can list many blocks.
              <Link href={urls.block(subordinate.name, hash)} prefetch={false} className="min-w-0">
                <Hash value={hash} full />
              </Link>
            ) : (
              <Hash value={hash} full />
            )}
            <CopyButton value={hash} label="Copy hash" />
          </li>
        ))}
      </ol>
    </div>
  );
}
