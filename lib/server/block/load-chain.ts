/**
 * The chain overview: the newest blocks of one chain. The tip's number is needed before the
 * older heights can be named, so this is two round trips: the latest block, then the rest in
 * one batch.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { Block } from '@/lib/rpc/domain';
import { clientOf } from '@/lib/server/node/clients';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { answerReport, mergeReports, prefixed, type AnswerReport } from '@/lib/checks/answer';
import { checkHeaderAnswer, checkOrder } from '@/lib/checks/block-answer';
import { freshTips } from '@/lib/server/tips/tips-source';

export interface ChainOverview {
  readonly chain: Chain;
  readonly blocks: readonly Block<'hashes'>[];
  /** Per block (same order): its answer against the height asked ('latest' for the first). */
  readonly answers: readonly AnswerReport[];
  /** All of them, each field prefixed with the height asked, for the page's one banner. */
  readonly report: AnswerReport;
}

function checked(chain: Chain, asked: bigint | 'latest', block: Block<'hashes'>): AnswerReport {
  return answerReport([...checkHeaderAnswer(chain, asked === 'latest' ? 'latest' : { kind: 'number', number: asked }, block), checkOrder(chain, block)]);
}

/**
 * Shared for a second by proxy.ts's check and the page, keyed by the chain's head in the tips
 * snapshot getTips() holds now (lib/server/tips/tips-source.ts): a page rendered for a snapshot
 * (the page cache's per-tip policy, lib/server/page-cache/variant.ts) reads blocks at least as new as that snapshot's head,
 * never a copy read before it. Without a fresh snapshot, only a read in flight is shared (not
 * waiting for one: the snapshot reads every chain, and one slow chain must not hold this one).
 */
export function loadChainOverview(chain: Chain, count = 20): Promise<ChainOverview> {
  const head = freshTips()?.chains.find((c) => c.chain === chain.name)?.hash;
  return coalesceShared(`chain:${chain.name}:${count}:${head ?? 'unknown'}`, head ? 1_000 : 0, async () => {
    const client = clientOf(chain);
    const latest = await client.getBlockByNumber({ blockNumber: 'latest' });
    if (!latest) return { chain, blocks: [], answers: [], report: answerReport([]) };
    const height = latest.number[chain.level];
    const older: bigint[] = [];
    for (let n = height - 1n; n >= 0n && older.length < count - 1; n--) older.push(n);
    const rest = await Promise.all(older.map(async (n) => ({ n, block: await client.getBlockByNumber({ blockNumber: n }) })));
    const found = rest.flatMap(({ n, block }) => (block ? [{ asked: n, block }] : []));
    const answers = [checked(chain, 'latest', latest), ...found.map((f) => checked(chain, f.asked, f.block))];
    const labels = ['latest block', ...found.map((f) => `block ${f.asked}`)];
    return {
      chain,
      blocks: [latest, ...found.map((f) => f.block)],
      answers,
      report: mergeReports(...answers.map((a, i) => prefixed(a, labels[i] ?? 'block'))),
    };
  });
}
