import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseChain } from '@/lib/routes/params/block-id';
import { ChainFacts } from '@/components/block/ChainFacts';
import { configuredChains } from '@/lib/server/node/clients';
import { loadChainOverview } from '@/lib/server/block/load-chain';
import { RecentBlocks } from '@/components/block/RecentBlocks';
import { AnswerBanner } from '@/components/ui/status/AnswerBanner';
import { Card } from '@/components/ui/layout/Card';
import { urls } from '@/lib/routes/urls';
import { freshTips } from '@/lib/server/tips/tips-source';

type Params = Promise<{ chain: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { chain } = await params;
  return { title: `${chain} chain` };
}

/** A small overview of one chain: where it sits and its newest blocks, joined by new ones as they come. */
export default async function ChainPage({ params }: { params: Params }) {
  const { chain: raw } = await params;
  const configured = configuredChains();
  const parsed = parseChain(raw, configured);
  if (!parsed.ok) notFound();
  const chain = parsed.value;
  const overview = await loadChainOverview(chain);
  const names = new Set(configured.map((c) => c.name));
  return (
    <div className="space-y-4">
      <AnswerBanner report={overview.report} node={`The ${chain.label} node`} />
      <header className="space-y-2">
        <h1 className="text-xl font-semibold tracking-tight">{chain.label}</h1>
        <ChainFacts chain={chain} configured={names} />
      </header>
      <Card
        title="Newest blocks"
        action={
          chain.level === 2 ? (
            <a className="text-sm" href={urls.txpool(chain.name)}>
              txpool →
            </a>
          ) : undefined
        }
      >
        <RecentBlocks chain={chain} blocks={overview.blocks} answers={overview.answers} from={freshTips()?.streamPosition} />
      </Card>
    </div>
  );
}
