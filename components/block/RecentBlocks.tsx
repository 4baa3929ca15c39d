import { OperatorLabelsSeed } from '@/components/labels/OperatorLabelsSeed';
import type { AnswerReport } from '@/lib/checks/answer';
import type { Chain } from '@/lib/protocol/chains';
import type { Block } from '@/lib/rpc/domain';
import { operatorLabelsIn } from '@/lib/server/labels/operator-labels';
import { LiveBlockTable, type BlockRow } from './LiveBlockTable';

/**
 * The newest blocks of a chain as a table, following the chain's stream from `from` (the
 * position of the tips the page was drawn with) so new blocks join it as they come. Links are
 * not prefetched (twenty block pages per view would be twenty node lookups).
 */
export function RecentBlocks({ chain, blocks, answers, from }: { chain: Chain; blocks: readonly Block<'hashes'>[]; answers?: readonly AnswerReport[]; from?: string }) {
  const rows: BlockRow[] = blocks.map((block, i) => ({
    hash: block.hash,
    number: (block.number[chain.level] ?? 0n).toString(),
    numbers: [block.number[0].toString(), block.number[1].toString(), block.number[2].toString()],
    order: block.order,
    timestamp: block.timestamp.toString(),
    transactionCount: block.transactions.length + block.extTransactions.length,
    gasUsed: block.gasUsed.toString(),
    gasLimit: block.gasLimit.toString(),
    miner: block.miner,
    failed: (answers?.[i]?.failed ?? []).map((c) => ({ field: c.field, expected: String(c.expected), got: String(c.got) })),
  }));
  return (
    // The miners' labels come with the page; those of blocks the stream adds from /api/labels.
    <OperatorLabelsSeed labels={operatorLabelsIn(rows.map((r) => r.miner))}>
      <LiveBlockTable chain={chain.name} label={chain.label} rows={rows} from={from} />
    </OperatorLabelsSeed>
  );
}
