import { ChainText } from '@/components/ui/values/ChainText';
import { formatBytes, plural } from '@/lib/format';

/**
 * One verified source file, server-rendered as plain text with line numbers: the numbers are one
 * `<pre>` beside the file's own, so the HTML stays two text nodes however long the file (no element
 * per line). The text goes through ChainText, so a bidi override hidden in a comment (the "Trojan
 * Source" trick) shows as a marked code point instead of reordering the code. Long files scroll
 * inside the box. No copy button per file: its props would carry the file a third time in the
 * page (the JSON download has every file). `index` is the file's place among the verified sources,
 * what a line's link names (`#src-<index>-L<line>`, highlighted by SourceLineTarget with the one
 * band each file holds).
 */
export function SourceFile({ path, content, open, index, main = false }: { path: string; content: string; open: boolean; index: number; main?: boolean }) {
  const lines = content.split('\n').length;
  const numbers = Array.from({ length: lines }, (_, i) => i + 1).join('\n');
  return (
    <details open={open} className="rounded-md border border-border" data-testid="source-file" data-source-index={index} data-path={path} data-main={main ? 'true' : undefined}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <ChainText text={path} className="break-all font-mono font-medium" />
        {main ? <span className="text-xs text-muted">the verified contract&apos;s file</span> : null}
        <span className="text-xs text-muted">
          {plural(lines, 'line')} · {formatBytes(new TextEncoder().encode(content).length)}
        </span>
      </summary>
      <div className="relative flex max-h-[32rem] overflow-auto border-t border-border font-mono text-xs leading-5">
        <div aria-hidden="true" hidden data-testid="source-line-mark" className="pointer-events-none absolute left-0 h-5 bg-warn/20 ring-1 ring-warn/50" />
        <pre aria-hidden="true" className="sticky left-0 select-none border-r border-border bg-surface px-2 py-2 text-right text-muted" data-testid="source-line-numbers">
          {numbers}
        </pre>
        <pre className="px-3 py-2" data-testid="source-text">
          <ChainText text={content} keepLineBreaks />
        </pre>
      </div>
    </details>
  );
}
