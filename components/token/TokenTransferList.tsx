import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { Badge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { getChain } from '@/lib/protocol/chains';
import type { TokenTransferJson } from '@/lib/history/token-transfer-json';
import { transferQuantity } from '@/lib/history/token-quantity';
import { urls } from '@/lib/routes/urls';
import { TokenLink } from './TokenLink';
import { Glyph } from '@/components/ui/values/Glyph';
import { DataTable } from '@/components/ui/layout/DataTable';

type Direction = NonNullable<TokenTransferJson['direction']>;

const DIRECTION: Record<Direction, { label: string; tone: 'warn' | 'ok' | 'neutral'; title: string }> = {
  out: { label: 'out', tone: 'warn', title: 'Sent by this address' },
  in: { label: 'in', tone: 'ok', title: 'Received by this address' },
  self: { label: 'self', tone: 'neutral', title: 'Sent by this address to itself' },
};

const ZERO = /^0x0{40}$/i;

/** The party on the other side, seen from the address; a mint or burn says so (the zero address). */
function Counterparty({ item }: { item: TokenTransferJson }) {
  const other = item.direction === 'out' ? item.to : item.from;
  if (item.direction !== 'self' && ZERO.test(other)) return <span className="text-muted">{item.direction === 'in' ? 'minted' : 'burned'}</span>;
  return <Address address={other} />;
}

function Quantity({ item }: { item: TokenTransferJson }) {
  const q = transferQuantity(item.standard, BigInt(item.amount), item.decimals, item.tokenId === undefined ? null : BigInt(item.tokenId));
  return (
    <span title={q.exact} className="tabular-nums" data-testid="transfer-amount">
      {q.text}
      {q.raw ? <span className="ml-1 text-xs text-muted">raw units</span> : null}
    </span>
  );
}

/**
 * A page of token transfers from the index: seen from an address (`perspective="address"`:
 * direction, counterparty, token) or from a token (from → to). A table on wide screens, stacked
 * entries on narrow ones.
 */
export function TokenTransferList({ items, perspective }: { items: readonly TokenTransferJson[]; perspective: 'address' | 'token' }) {
  return (
    <>
      <ul className="divide-y divide-border sm:hidden" data-testid="token-transfer-list">
        {items.map((item) => (
          <li key={`${item.chain}:${item.blockNumber}:${item.index}:${item.logIndex}:${item.tokenId ?? ''}`} className="space-y-1 px-4 py-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="inline-flex min-w-0 items-center gap-2">
                {perspective === 'address' && item.direction ? <DirectionBadge direction={item.direction} /> : null}
                <Link href={urls.tx(item.hash)} prefetch={false}>
                  <Hash value={item.hash} head={6} tail={4} />
                </Link>
              </span>
              <span className="text-right">
                <Quantity item={item} /> {perspective === 'address' ? <TokenLink token={item.token} symbol={item.symbol} /> : null}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
              {perspective === 'address' ? (
                <>
                  <span>{item.direction === 'out' ? 'to' : 'from'}</span>
                  <Counterparty item={item} />
                </>
              ) : (
                <FromTo item={item} />
              )}
              <Badge>{item.standard}</Badge>
              <span className="ml-auto">
                <Age timestamp={item.timestamp} />
              </span>
            </div>
          </li>
        ))}
      </ul>
      <DataTable caption="Token transfers" boxClassName="hidden sm:block" className="w-full min-w-[46rem] text-sm" testId="token-transfer-table">
          <thead className="text-left text-xs text-muted">
            <tr className="border-b border-border">
              <th className="px-3 py-2 font-medium">Transaction</th>
              {perspective === 'address' ? (
                <>
                  <th className="px-3 py-2 font-medium">Direction</th>
                  <th className="px-3 py-2 font-medium">Counterparty</th>
                </>
              ) : (
                <th className="px-3 py-2 font-medium">From → to</th>
              )}
              <th className="px-3 py-2 text-right font-medium">Amount</th>
              {perspective === 'address' ? <th className="px-3 py-2 font-medium">Token</th> : null}
              <th className="px-3 py-2 font-medium">Standard</th>
              <th className="px-3 py-2 text-right font-medium">Age</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {items.map((item) => (
              <tr key={`${item.chain}:${item.blockNumber}:${item.index}:${item.logIndex}:${item.tokenId ?? ''}`} data-testid="token-transfer-row" data-hash={item.hash}>
                <td className="px-3 py-2">
                  <Link href={urls.tx(item.hash)} prefetch={false}>
                    <Hash value={item.hash} />
                  </Link>
                  <div className="text-xs text-muted">
                    <Link href={urls.block(item.chain, item.blockNumber)} prefetch={false}>
                      {getChain(item.chain).label} #{item.blockNumber}
                    </Link>
                  </div>
                </td>
                {perspective === 'address' ? (
                  <>
                    <td className="px-3 py-2">{item.direction ? <DirectionBadge direction={item.direction} /> : null}</td>
                    <td className="px-3 py-2">
                      <Counterparty item={item} />
                    </td>
                  </>
                ) : (
                  <td className="px-3 py-2">
                    <FromTo item={item} />
                  </td>
                )}
                <td className="px-3 py-2 text-right">
                  <Quantity item={item} />
                </td>
                {perspective === 'address' ? (
                  <td className="px-3 py-2">
                    <TokenLink token={item.token} symbol={item.symbol} />
                  </td>
                ) : null}
                <td className="px-3 py-2">
                  <Badge>{item.standard}</Badge>
                </td>
                <td className="px-3 py-2 text-right text-muted">
                  <Age timestamp={item.timestamp} />
                </td>
              </tr>
            ))}
          </tbody>
      </DataTable>
    </>
  );
}

function DirectionBadge({ direction }: { direction: Direction }) {
  const d = DIRECTION[direction];
  return (
    <Badge tone={d.tone} title={d.title}>
      {d.label}
    </Badge>
  );
}

function FromTo({ item }: { item: TokenTransferJson }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {ZERO.test(item.from) ? <span className="text-muted">mint</span> : <Address address={item.from} />}
      <Glyph name="to" label="to" className="text-muted" />
      {ZERO.test(item.to) ? <span className="text-muted">burn</span> : <Address address={item.to} />}
    </span>
  );
}
