import Link from 'next/link';
import { formatInteger, formatTokenAmount } from '@/lib/text/format';
import type { TokenMove } from '@/lib/server/tx/load-token-moves';
import { urls } from '@/lib/routes/urls';
import { ChainText } from '@/components/ui/values/ChainText';
import { markedTextWithWarning } from '@/lib/text/chain-text';

/** The amount and token of one transfer: "1,234.5 SDT", "SDC #7", "10 × id 3 of …". */
export function TokenAmount({ move }: { move: TokenMove }) {
  const { facts } = move;
  const symbol = facts?.symbol ?? facts?.name ?? null;
  const tokenLink = (
    <Link prefetch={false} href={urls.token(move.token)} className="font-medium" title={facts?.name ? markedTextWithWarning(facts.name) : move.token} data-testid="token-link">
      {symbol !== null ? <ChainText text={symbol} /> : <span className="font-mono">{move.token.slice(0, 10)}…</span>}
    </Link>
  );
  if (move.standard === 'ERC-721') {
    return (
      <span data-testid="token-amount">
        {tokenLink} <span className="font-mono">#{move.tokenId?.toString()}</span>
      </span>
    );
  }
  const decimals = facts?.decimals ?? null;
  if (move.standard === 'ERC-1155') {
    return (
      <span data-testid="token-amount">
        <span className="tabular-nums">{formatInteger(move.amount)}</span> × id <span className="font-mono">{move.tokenId?.toString()}</span> of {tokenLink}
      </span>
    );
  }
  if (decimals === null) {
    return (
      <span data-testid="token-amount">
        <span className="tabular-nums">{formatInteger(move.amount)}</span> {tokenLink}{' '}
        <span className="text-xs text-muted">
          {facts ? 'raw units: the token does not answer decimals()' : "raw units: the token's decimals could not be read from the node"}
        </span>
      </span>
    );
  }
  return (
    <span data-testid="token-amount" title={`${formatInteger(move.amount)} raw units (${decimals} decimals)`}>
      <span className="tabular-nums">{formatTokenAmount(move.amount, decimals)}</span> {tokenLink}
    </span>
  );
}
