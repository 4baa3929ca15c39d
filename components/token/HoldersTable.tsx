import { Address } from '@/components/ui/values/Address';
import { Badge } from '@/components/ui/layout/Badge';
import { Card } from '@/components/ui/layout/Card';
import type { CheckedHolder } from '@/lib/checks/holder-balances';
import { formatInteger, formatPercent, plural } from '@/lib/text/format';
import { HOLDERS_SHOWN, type HoldersSection, type TokenOverview } from '@/lib/server/token/load-token-page';
import { balanceQuantity } from '@/lib/history/token-quantity';
import { ChainText } from '@/components/ui/values/ChainText';
import { Glyph } from '@/components/ui/values/Glyph';

/**
 * The token's holders as the index sums them from transfers, as of one block, each of the top
 * ones beside the node's balanceOf at that block: a match, or the difference, shown.
 */
export function HoldersTable({ token, section }: { token: TokenOverview; section: HoldersSection }) {
  const { verdict, checked } = section;
  const at = `${token.zone.label} block #${formatInteger(token.block)}`;
  const summary =
    checked === 0
      ? 'not checked against the node'
      : verdict.differing === 0
        ? `the top ${plural(checked, 'holder')} match balanceOf`
        : `${formatInteger(verdict.differing)} of the top ${plural(checked, 'holder')} ${verdict.differing === 1 ? 'differs' : 'differ'} from balanceOf`;
  return (
    <Card title="Holders">
      <p className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2 text-xs text-muted">
        <span>
          {plural(verdict.holders.length, 'holder')}
          {verdict.holders.length === HOLDERS_SHOWN ? ` (the largest ${HOLDERS_SHOWN})` : ''}, summed from transfers as of {at}
        </span>
        {checked > 0 ? (
          <span data-testid="holders-summary">
            <Badge tone={verdict.differing === 0 ? 'ok' : 'bad'}>{summary}</Badge>
          </span>
        ) : null}
      </p>
      {verdict.holders.length === 0 ? (
        <p className="p-4 text-sm text-muted">The index holds no transfer leaving anyone a balance of this token as of {at}.</p>
      ) : (
        <ol className="divide-y divide-border" data-testid="holders">
          {verdict.holders.map((holder, i) => (
            <HolderRow key={holder.address} rank={i + 1} holder={holder} token={token} />
          ))}
        </ol>
      )}
      <p className="border-t border-border px-4 py-2 text-xs text-muted">
        Each balance is what the token&apos;s transfers in the index add up to (received minus sent); the top {checked || 'ones'} are checked against the
        contract&apos;s own balanceOf at the same block. A difference means the contract changed balances without a Transfer event, or the index
        misses blocks.
      </p>
    </Card>
  );
}

function HolderRow({ rank, holder, token }: { rank: number; holder: CheckedHolder; token: TokenOverview }) {
  const amount = (value: bigint) => balanceQuantity(token.standard === 'ERC-1155' ? null : token.standard, value, token.facts.decimals, null);
  const q = amount(holder.indexed);
  const share = token.totalSupply && token.totalSupply > 0n && token.standard !== 'ERC-1155' ? formatPercent(holder.indexed, token.totalSupply, 2) : null;
  const { check } = holder;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm" data-testid="holder-row" data-address={holder.address.toLowerCase()} data-status={check.status}>
      <span className="w-6 text-right text-xs text-muted tabular-nums">{rank}</span>
      <Address address={holder.address} />
      <span className="ml-auto text-right">
        <span className="font-medium tabular-nums" title={q.exact} data-testid="holder-balance" data-raw={holder.indexed.toString()}>
          {q.text}
          {token.standard === 'ERC-20' && token.facts.symbol ? <> <ChainText text={token.facts.symbol} /></> : null}
        </span>
        {share ? <span className="ml-2 text-xs text-muted">{share}</span> : null}
        <span className="block text-xs">
          {check.status === 'matches' ? (
            <span className="text-ok" data-testid="holder-check"><Glyph name="pass" /> balanceOf agrees</span>
          ) : check.status === 'differs' ? (
            <span className="text-bad" data-testid="holder-check" title={`${formatInteger(check.node)} raw units`}>
              <Glyph name="fail" /> balanceOf says {amount(check.node).text} ({check.difference > 0n ? '+' : '−'}
              {differenceText(check.difference < 0n ? -check.difference : check.difference, amount)})
            </span>
          ) : (
            <span className="text-muted" data-testid="holder-check">{check.reason}</span>
          )}
        </span>
      </span>
    </li>
  );
}

/** The size of a difference; in raw units when the token's decimals would round it away ("<0.000001"). */
function differenceText(size: bigint, amount: (value: bigint) => { text: string; raw: boolean }): string {
  const q = amount(size);
  return q.text.startsWith('<') ? plural(size, 'raw unit') : q.text;
}
