'use client';

import Link from 'next/link';
import type { ChainName } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { useChainTip } from '@/components/ui/live/tips-query';
import { LinkPending } from './LinkPending';

/**
 * The "next block" link and the chain's tip, decided in the browser: a block page may be a stored
 * copy rendered long ago (lib/server/page-cache/), so the server draws the link (a reader
 * without JavaScript who follows it past the tip gets a 404 saying the newest height) and the
 * browser turns it into "newest block" while this is the tip.
 */
export function NextBlockLink({ chain, label, height }: { chain: ChainName; label: string; height: string }) {
  const tip = useChainTip(chain);
  const number = BigInt(height);
  const linkClass = 'rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2 hover:no-underline';
  return (
    <>
      {tip !== undefined && number >= tip ? (
        <span className="rounded-md border border-border px-3 py-1.5 text-sm text-muted opacity-60" title="This is the newest block the node has on this chain">
          newest block
        </span>
      ) : (
        // Not prefetched until the tip says the next block exists: a prefetch of a block not yet
        // mined is a 404 in the console.
        <Link className={linkClass} href={urls.block(chain, number + 1n)} rel="next" prefetch={tip !== undefined && number < tip ? undefined : false}>
          Block {formatInteger(number + 1n)} →
          <LinkPending />
        </Link>
      )}
      {tip !== undefined ? (
        <span className="text-xs text-muted" data-testid="chain-tip">
          {label} tip: {formatInteger(tip)}
        </span>
      ) : null}
    </>
  );
}
