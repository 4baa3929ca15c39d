import Link from 'next/link';
import { ChainText } from '@/components/ui/values/ChainText';
import type { LineRef } from '@/lib/trace/frame-lines';
import { urls } from '@/lib/routes/urls';

/**
 * A line of verified source: `path:line` linking to it highlighted in the Contract tab, with the
 * line's text; or, muted, why the line is unknown. `label` precedes it ("at", "called from").
 */
export function SourceLineLink({ line, label, testId }: { line: LineRef; label: string; testId: string }) {
  if (line.kind === 'unknown') {
    return (
      <span className="text-xs text-muted [overflow-wrap:anywhere]" data-testid={testId} data-known="false">
        {label} line unknown: {line.reason}
      </span>
    );
  }
  return (
    <span className="inline-flex min-w-0 flex-wrap items-baseline gap-x-2 text-xs" data-testid={testId} data-known="true" data-line={`${line.path}:${line.line}`}>
      <span className="text-muted">{label}</span>
      <Link href={urls.sourceLine(line.address, line.fileIndex, line.line)} className="break-all font-mono" prefetch={false}>
        <ChainText text={`${line.path}:${line.line}`} />
      </Link>
      {line.text ? <code className="min-w-0 rounded bg-bg px-1 font-mono text-muted [overflow-wrap:anywhere]"><ChainText text={line.text} /></code> : null}
    </span>
  );
}
