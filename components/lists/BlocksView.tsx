import { LEVEL_NAMES, type Chain } from '@/lib/protocol/chains';
import { BLOCK_LIST_TABS } from '@/lib/routes/params/list-query';
import type { BlockListVerdict } from '@/lib/server/block/block-list';
import { urls } from '@/lib/routes/urls';
import { TabPanel, Tabs } from '@/components/ui/layout/Tabs';
import { BlockListRows } from './BlockList';
import { ChainPicker, ListCard, ListFrame, ListProblem } from './ListFrame';

const INTRO = {
  blocks: 'Newest first, from the index. A region’s blocks are the zone blocks coincident in it, prime’s those coincident in prime; each shows its [Prime, Region, Zone] numbers.',
  uncles: 'The uncles this zone’s blocks include, newest including block first.',
  reorgs: 'Blocks the index held and then saw replaced by the node’s chain, each with the block the node had at its height instead.',
} as const;

/** `/blocks`: a chain's blocks, uncles or reorgs (lib/server/block/block-list.ts decided which, or why none). */
export function BlocksView({ verdict, chains, fallback }: { verdict: BlockListVerdict; chains: readonly Chain[]; fallback: Chain | undefined }) {
  const query = verdict.kind === 'found' || verdict.kind === 'bad-parameter' ? verdict.query : undefined;
  const chain = query?.chain ?? fallback;
  if (!chain) return <ListProblem reason="this explorer reads no chain" />;
  if (verdict.kind === 'bad-parameter' && !query) {
    return (
      <ListFrame title="Blocks" intro={INTRO.blocks} picker={<ChainPicker chains={chains} current={chain} hrefOf={(c) => urls.blocks(c.name)} label="Chains" />}>
        <ListProblem reason={verdict.reason} />
      </ListFrame>
    );
  }
  const tab = query?.tab ?? 'blocks';
  const tabs = chain.level === 2 ? BLOCK_LIST_TABS : BLOCK_LIST_TABS.filter((t) => t.id !== 'uncles');
  const zones = chains.filter((c) => c.level === 2);
  return (
    <ListFrame
      title={<>{tab === 'blocks' ? 'Blocks' : tab === 'uncles' ? 'Uncles' : 'Reorgs'} of {chain.label} <span className="text-base font-normal text-muted">({LEVEL_NAMES[chain.level]})</span></>}
      intro={INTRO[tab]}
      picker={<ChainPicker chains={tab === 'uncles' ? zones : chains} current={chain} hrefOf={(c) => urls.blocks(c.name, { tab: tab === 'blocks' ? undefined : tab })} label="Chains" />}
    >
      <Tabs items={tabs} active={tab} baseHref="/blocks" params={{ chain: chain.name }} defaultId="blocks" />
      <TabPanel active={tab}>
        <ListCard
          verdict={verdict}
          listOf={(page) => page.list}
          label={`${tab === 'blocks' ? 'Blocks' : tab === 'uncles' ? 'Uncles' : 'Reorgs'} of ${chain.label}`}
          firstHref={urls.blocks(chain.name, { tab: tab === 'blocks' ? undefined : tab, limit: query?.limit })}
          nextHrefOf={(cursor) => urls.blocks(chain.name, { tab: tab === 'blocks' ? undefined : tab, limit: query?.limit, cursor })}
          paged={Boolean(query?.cursor)}
          empty={tab === 'reorgs' ? 'The index has seen no block of this chain replaced.' : tab === 'uncles' ? 'No block of this zone the index holds includes an uncle.' : 'The index holds no block of this chain yet (it may still be catching up).'}
          testId="block-list-card"
        >
          {(page) => <BlockListRows chain={chain} page={page} />}
        </ListCard>
      </TabPanel>
    </ListFrame>
  );
}

