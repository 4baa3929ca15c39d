import { Badge } from '@/components/ui/layout/Badge';
import { NotStored } from '@/components/ui/status/NotStored';
import { plural } from '@/lib/text/format';
import type { TraceVerdict } from '@/lib/checks/trace-verdict';
import { Glyph } from '@/components/ui/values/Glyph';

/**
 * What the trace was checked against (lib/checks/trace-*.ts): the root call against the
 * transaction, gasUsed against the receipt, and for the last transaction of a block the post
 * state against getProof. A failed check is named in the page's one AnswerBanner at the top, with
 * the page's other answer checks (components/tx/TxView.tsx); here every check is listed, folded,
 * open when one failed.
 */
export function TraceChecks({ verdict }: { verdict: TraceVerdict }) {
  const { report, postState } = verdict;
  const failed = report.failed.length;
  return (
    <div className="space-y-2" data-testid="trace-checks" data-status={failed === 0 ? 'match' : 'mismatch'}>
      {/* A trace the node's other answers contradict is not kept as the transaction's page. */}
      {failed > 0 ? <NotStored reason="the trace disagrees with the node's other answers" /> : null}
      <details className="text-sm" open={failed > 0}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2">
          {failed === 0 ? (
            <Badge tone="ok"><Glyph name="pass" /> trace agrees: {plural(report.checks.length, 'check')}</Badge>
          ) : (
            <Badge tone="bad"><Glyph name="fail" /> {failed} of {plural(report.checks.length, 'check')} failed</Badge>
          )}
          <span className="text-xs text-muted" data-testid="trace-post-state" data-checked={postState.checked ? 'true' : 'false'}>
            {postState.checked
              ? `post state proven with getProof: ${plural(postState.accounts, 'account')}, ${plural(postState.slots, 'slot')}`
              : `post state not checked: ${postState.reason}`}
          </span>
        </summary>
        <ul className="mt-2 space-y-0.5 text-xs">
          {report.checks.map((c) => (
            <li key={`${c.field}:${c.got}`} className="flex min-w-0 flex-wrap gap-x-2">
              <Glyph name={c.ok ? 'pass' : 'fail'} label={c.ok ? 'agrees:' : 'differs:'} className={c.ok ? 'text-ok' : 'text-bad'} />
              <span className="min-w-0 break-all font-medium">{c.field}</span>
              <span className="min-w-0 break-all text-muted">{c.ok ? c.got : `expected ${c.expected}, got ${c.got}`}</span>
              {c.note ? <span className="w-full text-muted">{c.note}</span> : null}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
