import type { Metadata } from 'next';
import { BlockCountdown } from '@/components/block/BlockCountdown';
import { resolveCountdown } from '@/lib/server/block/resolve-countdown';
import { routeData } from '@/lib/server/pipeline/route-data';

type Props = { params: Promise<{ number: string }> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Countdown to block ${(await params).number}` };
}

/**
 * `/block/countdown/<n>?chain=<chain>`: how long until the chain mines block n, as Etherscan's
 * countdown page. A block already mined redirects to its page (lib/server/block/resolve-countdown.ts).
 */
export default async function BlockCountdownPage() {
  const page = await routeData(resolveCountdown);
  return <BlockCountdown chain={page.chain} countdown={page.countdown} chains={page.chains} notice={page.notice} />;
}
