import type { AnswerReport } from '@/lib/checks/answer';
import { Glyph } from '@/components/ui/values/Glyph';

/**
 * Said once at the top of a page whose node answered something other than what was asked: every
 * failed check with the field, what the question implied and what the node sent. The page below
 * still shows the node's answer as sent (never hidden), flagged where a field is wrong.
 */
export function AnswerBanner({ report, node }: { report: AnswerReport; node: string }) {
  if (report.failed.length === 0) return null;
  return (
    <section role="alert" data-testid="answer-banner" className="rounded-lg border border-bad/50 bg-surface p-4 text-sm">
      <h2 className="font-semibold text-bad"><Glyph name="fail" /> The node answered something else</h2>
      <p className="mt-1 text-muted">
        {node} did not answer the question it was asked, so what it sent cannot be trusted. It is shown below as sent; the fields that do not
        fit are marked.
      </p>
      <ul className="mt-2 space-y-1.5">
        {report.failed.map((c) => (
          <li key={`${c.field}:${c.got}`} data-testid="answer-failed" data-field={c.field} className="min-w-0 break-words">
            <span className="font-medium">{c.field}</span>: expected <Value text={c.expected} />, got <Value text={c.got} />
            {c.note ? <span className="block text-xs text-muted">{c.note}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Hashes and numbers in monospace (they are compared character by character); sentences as text. */
function Value({ text }: { text: string }) {
  return /^(0x[0-9a-fA-F]*|\d+)$/.test(text) ? <span className="break-all font-mono text-xs">{text}</span> : <span>{text}</span>;
}
