import Link from 'next/link';
import { Age } from '@/components/ui/values/Age';
import { AnswerBanner } from '@/components/ui/status/AnswerBanner';
import { AnswerFlag } from '@/components/ui/status/AnswerFlag';
import { NotStored } from '@/components/ui/status/NotStored';
import { mergeReports, prefixed } from '@/lib/checks/answer';
import { OrderBadge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import type { AnyChainResult } from '@/lib/server/block/load-any-chain';
import { NumberTriple } from '@/components/ui/values/NumberTriple';

/**
 * EIP-3091 `/block/<id>` when it names more than one block: a height on each chain, or a
 * coincident block's hash that sits on its zone, region and prime alike.
 */
export function AnyChainList({ result }: { result: AnyChainResult }) {
  const { ref } = result;
  const foundNames = new Set(result.found.map((f) => f.chain.name));
  const answers = mergeReports(...result.found.map((f) => prefixed(f.answers, f.chain.label)));
  // A chain that has not reached the height, or could not be asked, will show otherwise later.
  const unreached = result.tips.some((t) => !foundNames.has(t.chain.name));
  return (
    <div className="space-y-4">
      {unreached || result.failures.length > 0 ? <NotStored reason="not every chain has a block at this height yet" /> : null}
      <AnswerBanner report={answers} node="A node" />
      <header className="space-y-1">
        <h1 className="text-xl font-semibold tracking-tight">
          {ref.kind === 'number' ? `Blocks at height ${formatInteger(ref.number)}` : 'A coincident block'}
        </h1>
        <p className="text-sm text-muted">
          {ref.kind === 'number'
            ? 'Each chain counts its own blocks, so a height names one block per chain.'
            : `Block ${ref.hash} is coincident: the same block sits on each chain below.`}
        </p>
      </header>
      <ul className="divide-y divide-border card" data-testid="any-chain-list">
        {result.found.map(({ chain, block, answers: own }) => (
          <li key={chain.name} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
            <Link href={urls.block(chain.name, block.hash)} className="w-24 font-medium">
              {chain.label}
            </Link>
            <span className="tabular-nums">block {formatInteger(block.number[chain.level])}</span>
            <OrderBadge order={block.order} />
            <Hash value={block.hash} href={urls.block(chain.name, block.hash)} copy />
            <NumberTriple numbers={block.number} className="font-mono text-xs text-muted" />
            <span className="text-xs text-muted">
              <Age timestamp={block.timestamp} />
            </span>
            {own.failed.map((c) => (
              <AnswerFlag key={c.field} report={own} field={c.field} />
            ))}
          </li>
        ))}
        {result.tips
          .filter((t) => !foundNames.has(t.chain.name))
          .map((t) => (
            <li key={t.chain.name} className="flex flex-wrap gap-x-4 px-4 py-3 text-sm text-muted">
              <span className="w-24">{t.chain.label}</span>
              <span>not reached yet{t.tip === null ? '' : ` (newest block ${formatInteger(t.tip)})`}</span>
            </li>
          ))}
        {result.failures.map((f) => (
          <li key={f.chain.name} className="flex flex-wrap gap-x-4 px-4 py-3 text-sm">
            <span className="w-24">{f.chain.label}</span>
            <span className="text-bad">could not be asked: {f.error}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
