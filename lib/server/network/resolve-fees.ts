/**
 * The resolvers of the fee pages and API (lib/routes/resolver.ts): `/fees` (to the first
 * configured zone's, where the transactions are, else the first chain's), `/fees/<chain>` (its fee
 * history for the blocks and percentiles asked, and the current suggestions; controls it cannot
 * ask the node with are said, not asked) and `/api/fees/<chain>`, which the page's charts poll.
 */
import { getChain, isChainName, type Chain, type ChainName } from '@/lib/protocol/chains';
import { getConfig } from '@/lib/ops/config';
import type { FeesView } from '@/lib/network/fees-view';
import { DEFAULT_PERCENTILES, feeQuery, parseFeeParams, type FeeParams } from '@/lib/routes/params/fee-params';
import { answered, found, missing, redirectTo, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { coalesceByKey } from '@/lib/server/cache/coalesce';
import { describeFailure } from '@/lib/server/node/node-errors';
import { urls } from '@/lib/routes/urls';
import { FeesNodeDownError, loadFees } from './load-fees';

/** A chain this explorer serves, by its name in the URL. */
function servedChain(name: string): Chain | undefined {
  if (!isChainName(name)) return undefined;
  return getConfig().chains.some((c) => c.chain.name === name) ? getChain(name) : undefined;
}

const notServed = (name: string) => missing('Chain not served', `“${name}” is not a chain served by this explorer.`);

export const resolveFeesIndex: Resolver<never> = async () => {
  const chains = getConfig().chains.map((c) => c.chain);
  const chain = chains.find((c) => c.level === 2) ?? chains[0];
  return chain ? redirectTo(urls.fees(chain.name)) : missing('No chains', 'This explorer serves no chain.');
};

export interface FeesPageView {
  readonly chain: Chain;
  /** The controls as asked, for the form. */
  readonly blocksText: string;
  readonly percentilesText: string;
  /** The controls read, or why they could not be: nothing is asked of the node then. */
  readonly params: { readonly ok: true; readonly value: FeeParams } | { readonly ok: false; readonly errors: readonly string[] };
  readonly view: FeesView | null;
}

export const resolveFees: Resolver<FeesPageView> = async ({ params, query }) => {
  const chain = servedChain(params.chain ?? '');
  if (!chain) return notServed(params.chain ?? '');
  const blocksText = query.get('blocks') ?? '';
  const percentilesText = query.get('percentiles') ?? DEFAULT_PERCENTILES.join(',');
  const parsed = parseFeeParams({ blocks: blocksText, percentiles: percentilesText });
  return found({ chain, blocksText, percentilesText, params: parsed, view: parsed.ok ? await loadFees(chain.name, parsed.value) : null });
};

/** The charts' polls of one chain and controls, shared for a second. */
const load = coalesceByKey((key: string) => {
  const [chain, query] = key.split('?') as [ChainName, string];
  const q = new URLSearchParams(query);
  const parsed = parseFeeParams({ blocks: q.get('blocks'), percentiles: q.get('percentiles') });
  if (!parsed.ok) throw new Error(parsed.errors.join(' '));
  return loadFees(chain, parsed.value);
}, 1_000, 64);

export const resolveFeesApi: Resolver<JsonAnswer> = async ({ params, query }) => {
  const chain = servedChain(params.chain ?? '');
  if (!chain) return answered({ status: 404, body: { error: `“${params.chain ?? ''}” is not a chain served by this explorer.` } });
  const parsed = parseFeeParams({ blocks: query.get('blocks'), percentiles: query.get('percentiles') });
  if (!parsed.ok) return answered({ status: 400, body: { error: parsed.errors.join(' ') } });
  try {
    return answered({ status: 200, body: await load(`${chain.name}?${feeQuery(parsed.value)}`), headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return answered({ status: error instanceof FeesNodeDownError || (error instanceof Error && error.name === 'FeesNodeDownError') ? 503 : 500, body: { error: describeFailure(error) } });
  }
};
