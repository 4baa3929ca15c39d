import type { Chain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { TX_KINDS, TX_LIST_TABS } from '@/lib/routes/params/list-query';
import type { TxListQuery, TxListVerdict } from '@/lib/server/tx/tx-list';
import type { PendingListVerdict } from '@/lib/server/network/pending-list';
import { urls, type TxListLink } from '@/lib/routes/urls';
import { TabPanel, Tabs } from '@/components/ui/layout/Tabs';
import { ChainPicker, ListCard, ListFrame, ListProblem } from './ListFrame';
import { MinedTxTable, PendingTxTable } from './TxList';

/** The filters a query has, as its links spell them. */
function linkOf(query: TxListQuery | undefined): TxListLink {
  return { status: query?.status, type: query?.kind, method: query?.method?.text, limit: query?.limit };
}

const FIELD = 'h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg';

/** The mined tab's filters: a plain GET form (it works without JavaScript), every value kept in the URL. */
function TxFilterForm({ chain, query }: { chain: Chain; query: TxListQuery | undefined }) {
  return (
    <form action="/txs" method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Filter transactions" data-testid="tx-filters">
      <input type="hidden" name="chain" value={chain.name} />
      <label className="flex flex-col gap-1">
        <span className="text-xs text-muted">Status</span>
        <select name="status" defaultValue={query?.status ?? ''} className={FIELD}>
          <option value="">Any</option>
          <option value="success">Success</option>
          <option value="failed">Failed</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-muted">Type</span>
        <select name="type" defaultValue={query?.kind ?? ''} className={FIELD}>
          <option value="">Any</option>
          {TX_KINDS.map((k) => (
            <option key={k.id} value={k.id}>{k.label}</option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-muted">Method (name or selector)</span>
        <input name="method" defaultValue={query?.method?.text ?? ''} placeholder="transfer or 0xa9059cbb" spellCheck={false} autoComplete="off" className={`${FIELD} w-52 font-mono placeholder:font-sans placeholder:text-muted`} />
      </label>
      <button type="submit" className="h-9 rounded-md bg-accent px-3 font-medium text-accent-fg hover:opacity-90">Filter</button>
      {query?.limit !== undefined && query.limit !== 25 ? <input type="hidden" name="limit" value={query.limit} /> : null}
      {query?.status || query?.kind || query?.method ? <a href={urls.txs(chain.name)}>Clear filters</a> : null}
    </form>
  );
}

/** `/txs`: a zone's mined transactions, filtered, or its pending ones (the resolvers decided which, or why none). */
export function TxsView({ tab, mined, pending, zones, fallback }: {
  tab: 'mined' | 'pending';
  mined?: TxListVerdict;
  pending?: PendingListVerdict;
  zones: readonly Chain[];
  fallback: Chain | undefined;
}) {
  const verdict = tab === 'pending' ? pending : mined;
  const query = verdict && (verdict.kind === 'found' || verdict.kind === 'bad-parameter') ? verdict.query : undefined;
  const chain = query?.chain ?? fallback;
  if (!chain || !verdict) return <ListProblem reason="this explorer reads no zone" />;
  const minedQuery = tab === 'mined' ? (query as TxListQuery | undefined) : undefined;
  const picker = (
    <ChainPicker chains={zones} current={chain} hrefOf={(c) => (tab === 'pending' ? urls.txs(c.name, { tab: 'pending' }) : urls.txs(c.name, linkOf(minedQuery)))} label="Zones" />
  );
  if (verdict.kind === 'bad-parameter' && !query) {
    return (
      <ListFrame title="Transactions" intro="A zone’s transactions, newest first." picker={picker}>
        <ListProblem reason={verdict.reason} />
      </ListFrame>
    );
  }
  const link = linkOf(minedQuery);
  return (
    <ListFrame
      title={<>{tab === 'pending' ? 'Pending transactions' : 'Transactions'} of {chain.label}</>}
      intro={tab === 'pending'
        ? 'What the zone’s node holds in its txpool now, by sender and nonce. A transaction with nonces missing below it waits until they arrive.'
        : 'Mined, newest first, from the index. Filter by status, type or method; each filter is part of the page’s address.'}
      picker={picker}
    >
      <Tabs items={TX_LIST_TABS} active={tab} baseHref="/txs" params={{ chain: chain.name }} defaultId="mined" />
      <TabPanel active={tab} className="space-y-3">
        {tab === 'mined' ? <TxFilterForm chain={chain} query={minedQuery} /> : null}
        {tab === 'mined' && mined ? (
          <ListCard
            verdict={mined}
            label={`Transactions of ${chain.label}`}
            firstHref={urls.txs(chain.name, link)}
            nextHrefOf={(cursor) => urls.txs(chain.name, { ...link, cursor })}
            paged={Boolean(minedQuery?.cursor)}
            empty={link.status || link.type || link.method ? 'No transaction of this zone the index holds matches these filters.' : 'The index holds no transaction of this zone yet (it may still be catching up).'}
            testId="tx-list-card"
          >
            {(page) => <MinedTxTable zone={chain.label} txs={page.items} />}
          </ListCard>
        ) : null}
        {tab === 'pending' && pending ? (
          <>
            {pending.kind === 'found' && pending.page.total ? (
              <p className="text-sm text-muted" data-testid="pending-total">
                The node holds {formatInteger(BigInt(pending.page.total.pending))} pending and {formatInteger(BigInt(pending.page.total.queued))} queued.
              </p>
            ) : null}
            <ListCard
              verdict={pending}
              label={`Pending transactions of ${chain.label}`}
              firstHref={urls.txs(chain.name, { tab: 'pending', limit: query?.limit })}
              nextHrefOf={(cursor) => urls.txs(chain.name, { tab: 'pending', limit: query?.limit, cursor })}
              paged={Boolean(query?.cursor)}
              empty="The zone’s txpool is empty."
              testId="pending-list-card"
            >
              {(page) => <PendingTxTable zone={chain.label} txs={page.items} />}
            </ListCard>
          </>
        ) : null}
      </TabPanel>
    </ListFrame>
  );
}
