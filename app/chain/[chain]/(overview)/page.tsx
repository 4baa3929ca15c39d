import type { Metadata } from 'next';
import { ChainFacts } from '@/components/block/ChainFacts';
import { configuredChains } from '@/lib/server/node/clients';
import { resolveChain } from '@/lib/server/block/resolve-block';
import { routeData } from '@/lib/server/pipeline/route-data';
import { RecentBlocks } from '@/components/block/RecentBlocks';
import { AnswerBanner } from '@/components/ui/status/AnswerBanner';
import { Card } from '@/components/ui/layout/Card';
import { urls } from '@/lib/routes/urls';

type Params = Promise<{ chain: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { chain } = await params;
  return { title: `${chain} chain` };
}

/** A small overview of one chain: where it sits and its newest blocks, joined by new ones as they come (lib/server/block/resolve-block.ts). */
export default async function ChainPage() {
  const overview = await routeData(resolveChain);
  const { chain } = overview;
  const names = new Set(configuredChains().map((c) => c.name));
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
        <RecentBlocks chain={chain} blocks={overview.blocks} answers={overview.answers} from={overview.streamFrom} />
      </Card>
    </div>
  );
}
