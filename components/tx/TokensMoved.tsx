import { Address } from '@/components/ui/Address';
import { Badge } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import type { Chain } from '@/lib/chains';
import type { Receipt } from '@/lib/rpc/domain';
import { loadTokenMoves } from '@/lib/server/tx/load-token-moves';
import { TokenAmount } from './TokenAmount';

/** "Tokens moved": every token transfer in the receipt, amounts in the token's decimals. */
export async function TokensMoved({ chain, receipt }: { chain: Chain; receipt: Receipt }) {
  const moves = await loadTokenMoves(chain, receipt);
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
