import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { BlockCountdown } from '@/components/block/BlockCountdown';
import { loadCountdown } from '@/lib/server/block/load-countdown';
import { urls } from '@/lib/routes/urls';

type Props = { params: Promise<{ number: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Countdown to block ${(await params).number}` };
}

/**
 * `/block/countdown/<n>?chain=<chain>`: how long until the chain mines block n, as Etherscan's
 * countdown page. A block already mined redirects to its page (lib/server/block/load-countdown.ts).
 */
export default async function BlockCountdownPage({ params, searchParams }: Props) {
  const [{ number }, search] = await Promise.all([params, searchParams]);
  // proxy.ts has checked the number's digits.
  if (!/^\d{1,20}$/.test(number)) notFound();
  const chain = Array.isArray(search.chain) ? search.chain[0] : search.chain;
  const page = await loadCountdown(BigInt(number), chain);
  if (page.kind === 'no-chain') notFound();
  if (page.kind === 'passed') redirect(urls.block(page.chain.name, page.number));
  return <BlockCountdown chain={page.chain} countdown={page.countdown} chains={page.chains} notice={page.notice} />;
}
