import { failedOn, type AnswerReport } from '@/lib/checks/answer';
import { Badge } from '@/components/ui/layout/Badge';
import { Glyph } from '@/components/ui/values/Glyph';

/**
 * Beside one field of a page: "✗ not what was asked" with what the question implied, when the
 * answer check on `field` failed; nothing otherwise (the banner at the top says it in full).
 */
export function AnswerFlag({ report, field }: { report: AnswerReport | undefined; field: string }) {
  const failed = failedOn(report, field);
  if (!failed) return null;
  return (
    <span className="mt-1 flex flex-wrap items-baseline gap-x-2" data-testid="answer-flag" data-field={field}>
      <Badge tone="bad"><Glyph name="fail" /> the node answered something else</Badge>
      <span className="min-w-0 break-all text-xs text-muted">
        {field}: expected {failed.expected}, got {failed.got}
      </span>
      {failed.note ? <span className="block w-full text-xs text-bad">{failed.note}</span> : null}
    </span>
  );
}
