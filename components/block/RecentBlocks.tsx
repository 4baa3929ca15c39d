import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { OrderBadge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import type { AnswerReport } from '@/lib/checks/answer';
import type { Chain } from '@/lib/chains';
import { formatInteger } from '@/lib/format';
import type { Block } from '@/lib/rpc/domain';
import { urls } from '@/lib/urls';
import { gasRatio } from './header/figures';
import { NumberTriple } from '@/components/ui/values/NumberTriple';
import { Glyph } from '@/components/ui/values/Glyph';
import { DataTable } from '@/components/ui/layout/DataTable';

/** The newest blocks of a chain as a table. Links are not prefetched (twenty block pages per view would be twenty node lookups). */
export function RecentBlocks({ chain, blocks, answers }: { chain: Chain; blocks: readonly Block<'hashes'>[]; answers?: readonly AnswerReport[] }) {
  if (blocks.length === 0) return <p className="p-4 text-sm text-muted">The node reports no blocks on {chain.label} yet.</p>;
  return (
    <DataTable caption={`The newest blocks of ${chain.label}`} className="w-full min-w-[46rem] text-sm" testId="recent-blocks">
        <thead className="text-left text-xs text-muted">
          <tr className="border-b border-border">
            <th className="px-3 py-2 font-medium">Block</th>
            <th className="px-3 py-2 font-medium">[P, R, Z]</th>
            <th className="px-3 py-2 font-medium">Hash</th>
            <th className="px-3 py-2 font-medium">Age</th>
            <th className="px-3 py-2 text-right font-medium">Txs</th>
            <th className="px-3 py-2 text-right font-medium">Gas used</th>
            <th className="px-3 py-2 font-medium">Miner</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {blocks.map((block, i) => {
            const height = block.number[chain.level];
            const failed = answers?.[i]?.failed ?? [];
            return (
              // Keyed by position too: a node answering one block for two heights must not collide.
              <tr key={`${i}:${block.hash}`} data-answer={failed.length > 0 ? 'failed' : undefined}>
                <td className="px-3 py-2">
                  <span className="inline-flex items-center gap-2">
                    <Link href={urls.block(chain.name, height)} className="tabular-nums" prefetch={false}>
                      {formatInteger(height)}
                    </Link>
                    {block.order < 2 ? <OrderBadge order={block.order} /> : null}
                    {failed.length > 0 ? (
                      <span
                        className="text-xs font-medium text-bad"
                        data-testid="answer-flag"
                        title={failed.map((c) => `${c.field}: expected ${c.expected}, got ${c.got}`).join('\n')}
                      >
                        <Glyph name="fail" label="differs:" /> {failed.map((c) => c.field).join(', ')}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td className="px-3 py-2 font-mono text-xs tabular-nums text-muted">
                  <NumberTriple numbers={block.number} />
                </td>
                <td className="px-3 py-2">
                  <Link href={urls.block(chain.name, block.hash)} prefetch={false}>
                    <Hash value={block.hash} />
                  </Link>
                </td>
                <td className="px-3 py-2 text-xs">
                  <Age timestamp={block.timestamp} />
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {block.transactions.length + block.extTransactions.length}
                </td>
                <td className="px-3 py-2 text-right text-xs tabular-nums">{gasRatio(block.gasUsed, block.gasLimit)}</td>
                <td className="px-3 py-2">
                  <Address address={block.miner} />
                </td>
              </tr>
            );
          })}
        </tbody>
    </DataTable>
  );
}
