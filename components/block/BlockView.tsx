import { OrderBadge } from '@/components/ui/layout/Badge';
import { Card } from '@/components/ui/layout/Card';
import { AnswerBanner } from '@/components/ui/status/AnswerBanner';
import { Hash } from '@/components/ui/values/Hash';
import { activeTab, TabPanel, Tabs, type TabItem } from '@/components/ui/layout/Tabs';
import { TxTable } from '@/components/tx/TxTable';
import type { ChainName } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { BlockNav } from './BlockNav';
import { BlockOverview } from './BlockOverview';
import { subordinateOf } from './header/chain-links';
import type { BlockPageData } from '@/lib/server/block/load-block';
import { RAW_TAB, type RawBlockData } from '@/lib/server/block/load-raw-block';
import { BLOCK_TABS } from '@/lib/routes/params/tabs';
import { RawBlock } from './RawBlock';
import { SubManifestList } from './SubManifestList';
import { UncleList } from './UncleList';
import { EvidenceSection } from '@/components/evidence/EvidenceSection';

/** The whole block page for loaded data; `tab` is the `?tab=` value, `raw` the raw tab's data when that tab is asked. */
export function BlockView({
  data,
  tab,
  raw,
  configured,
}: {
  data: BlockPageData;
  tab: string | string[] | undefined;
  raw: RawBlockData | null;
  configured: ReadonlySet<ChainName>;
}) {
  const { chain, block, answers } = data;
  const height = block.number[chain.level];
  const subordinate = subordinateOf(block.location, chain);
  const counts: Record<string, number | undefined> = {
    transactions: block.transactions.length,
    etxs: block.extTransactions.length,
    uncles: block.uncles.length,
    submanifest: block.subManifest.length,
  };
  const items: TabItem[] = [
    ...BLOCK_TABS.map((t) => ({ ...t, count: counts[t.id] })),
  ];
  const active = activeTab(items, tab);
  // Links inside the page use the hash: the height may be re-mined, the hash names this block.
  const self = urls.block(chain.name, block.hash);

  return (
    <div className="space-y-4">
      <AnswerBanner report={answers} node={`The ${chain.label} node`} />
      <header className="space-y-2">
        <p className="text-xs uppercase tracking-wide text-muted">{chain.label} · block</p>
        <h1 className="flex flex-wrap items-center gap-3 text-xl font-semibold tracking-tight">
          <span>Block {formatInteger(height)}</span>
          <OrderBadge order={block.order} />
        </h1>
        <p className="text-sm">
          <Hash value={block.hash} copy head={16} tail={12} />
        </p>
        <BlockNav chain={chain} height={height} parentHash={block.parentHash[chain.level]} />
      </header>

      <BlockOverview chain={chain} block={block} configured={configured} answers={answers} />

      <EvidenceSection target={{ kind: 'block', chain: chain.name, hash: block.hash }} bundlePath={urls.api.evidenceBlock(chain.name, block.hash)} chainLabel={chain.label} />

      <Card>
        <Tabs items={items} active={active} baseHref={urls.block(chain.name, data.ref.kind === 'hash' ? block.hash : height)} />
        <TabPanel active={active} testId={`tab-${active}`}>
          {active === 'transactions' ? (
            <TxTable
              transactions={block.transactions}
              caption={`The transactions of ${chain.label} block ${formatInteger(height)}`}
              href={(tx, i) => (tx.hash ? urls.tx(tx.hash) : urls.txInBlock(chain.name, block.hash, i))}
              empty={
                chain.level === 2
                  ? 'This block has no transactions.'
                  : 'Region and prime blocks carry no transactions: transactions live in zone blocks.'
              }
            />
          ) : null}
          {active === 'etxs' ? (
            <TxTable
              transactions={block.extTransactions}
              caption={`The external transactions emitted by ${chain.label} block ${formatInteger(height)}`}
              empty="This block emitted no external transactions."
            />
          ) : null}
          {active === 'uncles' ? <UncleList chain={chain.name} blockHash={block.hash} uncles={block.uncles} /> : null}
          {active === 'submanifest' ? (
            <SubManifestList chain={chain} subordinate={subordinate} hashes={block.subManifest} configured={configured} />
          ) : null}
          {active === RAW_TAB && raw ? <RawBlock raw={raw} /> : null}
        </TabPanel>
      </Card>
      <p className="break-all text-xs text-muted">
        Permanent link: <a href={self}>{self}</a>
      </p>
    </div>
  );
}
