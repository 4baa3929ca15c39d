import Link from 'next/link';
import { formatInteger, shortenHex } from '@/lib/text/format';
import type { NonceLink, NonceLinks } from '@/lib/server/tx/load-nonce-links';
import { urls } from '@/lib/routes/urls';

/** Where a neighbour by nonce is: its page when the index holds it, else the sender's nonce, found when followed. */
function hrefOf(sender: string, link: NonceLink): string {
  return link.hash ? urls.tx(link.hash) : urls.senderNonce(sender, link.nonce);
}

/**
 * The sender's previous and next transactions by nonce (Otterscan's arrows): links from the
 * index, or to the sender's nonce when the index does not hold them (yet).
 */
export function NonceNavigation({ links }: { links: NonceLinks }) {
  const { sender, previous, next } = links;
  return (
    <nav aria-label="The sender's transactions by nonce" className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs">
      {previous ? (
        <Link href={hrefOf(sender, previous)} prefetch={false} rel="prev" className="inline-flex min-h-6 items-center" data-testid="nonce-previous">
          ← Previous, nonce {formatInteger(previous.nonce)}
          {previous.hash ? <span className="ml-1 font-mono text-muted">{shortenHex(previous.hash)}</span> : null}
        </Link>
      ) : null}
      <Link href={hrefOf(sender, next)} prefetch={false} rel="next" className="inline-flex min-h-6 items-center" data-testid="nonce-next">
        Next, nonce {formatInteger(next.nonce)}
        {next.hash ? <span className="ml-1 font-mono text-muted">{shortenHex(next.hash)}</span> : null} →
      </Link>
    </nav>
  );
}
