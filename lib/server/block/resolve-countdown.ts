/**
 * The resolver of `/block/countdown/<n>?chain=<chain>` (lib/routes/resolver.ts): how long until
 * the chain mines block n (./load-countdown.ts). A block already mined redirects to its page;
 * nothing served is nothing to count on. Answered per request: the estimate moves with every block.
 */
import { blockNumberProblem } from '@/lib/routes/params/path-shape';
import { found, missing, redirectTo, type Resolver } from '@/lib/routes/resolver';
import { urls } from '@/lib/routes/urls';
import { loadCountdown, type CountdownPage } from './load-countdown';

export const resolveCountdown: Resolver<Extract<CountdownPage, { kind: 'ahead' }>> = async ({ params, query }) => {
  const number = params.number ?? '';
  if (!/^\d{1,20}$/.test(number)) return missing('Nothing can be at this URL', blockNumberProblem(number) ?? 'The block number has too many digits.');
  const page = await loadCountdown(BigInt(number), query.get('chain') ?? undefined);
  if (page.kind === 'no-chain') return missing('No chain to count on', 'This explorer serves no chain, so no block can be counted down to.');
  if (page.kind === 'passed') return redirectTo(urls.block(page.chain.name, page.number));
  return found(page);
};
