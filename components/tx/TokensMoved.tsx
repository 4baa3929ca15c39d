import { Address } from '@/components/ui/values/Address';
import { Badge } from '@/components/ui/layout/Badge';
import { Card } from '@/components/ui/layout/Card';
import { formatInteger } from '@/lib/text/format';
import type { TokenMoves } from '@/lib/server/tx/load-token-moves';
import { TokenAmount } from './TokenAmount';

/**
 * "Tokens moved": the receipt's token transfers (`loadReceiptTokens`), amounts in the token's
 * decimals; the first MOVES_ON_PAGE of them, and where the rest are (`more`: the logs' JSON pages).
 */
export function TokensMoved({ moves, more }: { moves: TokenMoves; more: string }) {
  const { shown, total } = moves;
  if (total === 0) return null;
  return (
    <Card title={`Tokens moved (${formatInteger(total)})`}>
      <ul className="divide-y divide-border" data-testid="tokens-moved">
        {shown.map((move, i) => (
          <li key={`${move.logPosition}-${i}`} className="flex flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 text-sm">
            <Badge>{move.standard}</Badge>
            <TokenAmount move={move} />
            <span className="text-muted">from</span>
            <Address address={move.from} />
            <span className="text-muted">to</span>
            <Address address={move.to} />
          </li>
        ))}
      </ul>
      {total > shown.length ? (
        <p className="border-t border-border px-4 py-2 text-sm text-muted" data-testid="tokens-moved-more">
          The first {formatInteger(shown.length)} of {formatInteger(total)} are drawn here; every one is in the{' '}
          <a href={more}>transaction&apos;s logs as JSON</a>, a page at a time.
        </p>
      ) : null}
    </Card>
  );
}
