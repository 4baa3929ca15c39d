import { Address } from '@/components/ui/values/Address';
import { Badge } from '@/components/ui/layout/Badge';
import { Card } from '@/components/ui/layout/Card';
import type { TokenMove } from '@/lib/server/tx/load-token-moves';
import { TokenAmount } from './TokenAmount';

/** "Tokens moved": every token transfer in the receipt (`loadReceiptTokens`), amounts in the token's decimals. */
export function TokensMoved({ moves }: { moves: readonly TokenMove[] }) {
  if (moves.length === 0) return null;
  return (
    <Card title={`Tokens moved (${moves.length})`}>
      <ul className="divide-y divide-border" data-testid="tokens-moved">
        {moves.map((move, i) => (
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
    </Card>
  );
}
