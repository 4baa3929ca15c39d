import Link from 'next/link';
import type { Chain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import type { Hash } from '@/lib/rpc/domain';
import { urls } from '@/lib/routes/urls';
import { LinkPending } from './LinkPending';
import { NextBlockLink } from './NextBlockLink';

/**
 * Previous / next block on the same chain (by height), and the parent by hash. Nothing here
 * depends on the tip at render time (NextBlockLink asks in the browser), so a stored copy of the
 * page stays true.
 */
export function BlockNav({ chain, height, parentHash }: { chain: Chain; height: bigint; parentHash: Hash }) {
  const linkClass = 'rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2 hover:no-underline';
  const off = 'rounded-md border border-border px-3 py-1.5 text-sm text-muted opacity-60';
  return (
    <nav aria-label="Neighbouring blocks" className="flex flex-wrap items-center gap-2">
      {height > 0n ? (
        <Link className={linkClass} href={urls.block(chain.name, height - 1n)} rel="prev" title={`Parent hash ${parentHash}`}>
          ← Block {formatInteger(height - 1n)}
          <LinkPending />
        </Link>
      ) : (
        <span className={off}>← genesis has no parent</span>
      )}
      <NextBlockLink chain={chain.name} label={chain.label} height={height.toString()} />
    </nav>
  );
}
