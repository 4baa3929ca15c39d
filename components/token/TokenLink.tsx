import Link from 'next/link';
import { getAddress } from 'viem';
import { shortenHex } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { ChainText } from '@/components/ui/values/ChainText';
import { markedTextWithWarning } from '@/lib/text/chain-text';

/** A token named by its symbol (the address when it answers none), linking to its token page (checksummed, as the address page's URL is). */
export function TokenLink({ token, symbol, name }: { token: string; symbol: string | null; name?: string | null }) {
  return (
    <Link prefetch={false} href={urls.token(getAddress(token))} className="font-medium" title={name ? `${markedTextWithWarning(name)} (${token})` : token} data-testid="token-page-link">
      {symbol !== null ? <ChainText text={symbol} /> : <span className="font-mono">{shortenHex(token, 6, 4)}</span>}
    </Link>
  );
}
