import { getAddress } from 'viem';
import { getChain } from '@/lib/protocol/chains';
import { formatInteger, formatTokenAmount } from '@/lib/text/format';
import type { ListedToken } from '@/lib/index/readers/lists/token-list-reader';
import { TOKEN_STANDARDS } from '@/lib/routes/params/list-query';
import type { TokenListQuery, TokenListVerdict } from '@/lib/server/token/token-list';
import { urls } from '@/lib/routes/urls';
import { Badge } from '@/components/ui/layout/Badge';
import { DataTable } from '@/components/ui/layout/DataTable';
import { ChainText } from '@/components/ui/values/ChainText';
import { Hash } from '@/components/ui/values/Hash';
import { SoftLink } from '@/components/ui/values/SoftLink';
import { ListCard, ListFrame, ListProblem } from './ListFrame';

const TH = 'px-3 py-2 font-medium';
const TD = 'px-3 py-2';
const FIELD = 'h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg';

/** A token's supply in its own units (tokens for ERC-721, raw units when it did not say its decimals). */
function supplyText(t: ListedToken): string {
  if (t.standard === 'ERC-20' && t.decimals !== null) return formatTokenAmount(t.supply, t.decimals);
  return formatInteger(t.supply);
}

function TokenTable({ tokens, sort }: { tokens: readonly ListedToken[]; sort: TokenListQuery['sort'] }) {
  return (
    <DataTable caption={`Tokens by ${sort}, most first`} className="list-table w-full text-sm" testId="token-list">
      <thead className="text-left text-xs text-muted">
        <tr className="border-b border-border">
          <th className={TH}>Token</th>
          <th className={TH}>Standard</th>
          <th className={`${TH} text-right`}>Holders</th>
          <th className={`${TH} text-right`}>Transfers (24 h)</th>
          <th className={`${TH} text-right`}>Transfers</th>
          <th className={`${TH} text-right`}>Total supply</th>
          <th className={TH}>Zone</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {tokens.map((t) => (
          <tr key={`${t.chain}:${t.address}`} data-testid="token-row" data-address={t.address}>
            <td className={TD}>
              <SoftLink href={urls.token(getAddress(t.address))} className="font-medium">
                {t.name !== null ? <ChainText text={t.name} /> : <span className="font-mono">{t.address}</span>}
              </SoftLink>
              {t.symbol !== null ? <span className="ml-1 text-xs text-muted">(<ChainText text={t.symbol} />)</span> : null}
              <div className="text-xs text-muted"><Hash value={t.address} head={8} tail={4} /></div>
            </td>
            <td className={TD} data-label="Standard"><Badge>{t.standard}</Badge></td>
            <td className={`${TD} text-right tabular-nums`} data-label="Holders">{formatInteger(t.holders)}</td>
            <td className={`${TD} text-right tabular-nums`} data-label="Transfers (24 h)">{formatInteger(t.transfers24h)}</td>
            <td className={`${TD} text-right tabular-nums`} data-label="Transfers">{formatInteger(t.transfers)}</td>
            <td className={`${TD} text-right tabular-nums`} data-label="Total supply" title="Minted less burned, as its transfers tell it">{supplyText(t)}</td>
            <td className={TD} data-label="Zone">{getChain(t.chain).label}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** `/tokens`: the tokens the index has seen, by holders or transfers, filtered by a name or symbol prefix and standard. */
export function TokensView({ verdict }: { verdict: TokenListVerdict }) {
  const query = verdict.kind === 'found' || verdict.kind === 'bad-parameter' ? verdict.query : undefined;
  const sort = query?.sort ?? 'holders';
  const link = { q: query?.q, sort: sort === 'holders' ? undefined : sort, standard: query?.standard, limit: query?.limit };
  return (
    <ListFrame
      title="Tokens"
      intro="ERC-20, ERC-721 and ERC-1155 contracts the index has seen move, with holders, transfers and supply counted from their transfers."
      controls={
        <form action="/tokens" method="get" role="search" aria-label="Find tokens" className="flex flex-wrap items-end gap-3 text-sm" data-testid="token-filters">
          <label className="flex flex-col gap-1">
            <span className="text-xs text-muted">Name or symbol starts with</span>
            <input name="q" type="search" defaultValue={query?.q ?? ''} maxLength={64} spellCheck={false} autoComplete="off" className={`${FIELD} w-56`} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-xs text-muted">Standard</span>
            <select name="standard" defaultValue={query?.standard ?? ''} className={FIELD}>
              <option value="">Any</option>
              {Object.entries(TOKEN_STANDARDS).map(([id, label]) => (
                <option key={id} value={id}>{label}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-xs text-muted">Sort by</span>
            <select name="sort" defaultValue={sort} className={FIELD}>
              <option value="holders">Holders</option>
              <option value="transfers">Transfers</option>
            </select>
          </label>
          <button type="submit" className="h-9 rounded-md bg-accent px-3 font-medium text-accent-fg hover:opacity-90">Show</button>
        </form>
      }
    >
      {verdict.kind === 'bad-parameter' && !query ? (
        <ListProblem reason={verdict.reason} />
      ) : (
        <ListCard
          verdict={verdict}
          label="Tokens"
          firstHref={urls.tokens(link)}
          nextHrefOf={(cursor) => urls.tokens({ ...link, cursor })}
          paged={Boolean(query?.cursor)}
          empty={query?.q || query?.standard ? 'No token the index has seen matches.' : 'The index has seen no token move yet.'}
          testId="token-list-card"
        >
          {(page) => <TokenTable tokens={page.items} sort={sort} />}
        </ListCard>
      )}
    </ListFrame>
  );
}
