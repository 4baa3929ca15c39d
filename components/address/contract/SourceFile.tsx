import { ChainText } from '@/components/ui/values/ChainText';
import { formatBytes, formatInteger, plural } from '@/lib/text/format';

/**
 * One verified source file, server-rendered as plain text with line numbers: the numbers are one
 * `<pre>` beside the file's own, so the HTML stays two text nodes however long the file (no element
 * per line). The text goes through ChainText, so a bidi override hidden in a comment (the "Trojan
 * Source" trick) shows as a marked code point instead of reordering the code. Long files scroll
 * inside the box. No copy button per file: its props would carry the file a third time in the
 * page (the JSON download has every file). `index` is the file's place among the verified sources,
 * what a line's link names (`#src-<index>-L<line>`, highlighted by SourceLineTarget with the one
 * band each file holds).
 *
 * At most `shownChars` characters are drawn (whole lines; VerifiedSource shares a budget among the
 * files so no Contract tab weighs more than about a megabyte): the rest is in the download.
 */
export function SourceFile({ path, content, open, index, main = false, shownChars, download }: {
  path: string; content: string; open: boolean; index: number; main?: boolean; shownChars: number; download: string;
}) {
  const lines = content.split('\n').length;
  const lastBreak = content.lastIndexOf('\n', shownChars);
  // At a line's end when there is one to cut at; a file of one long line is cut where the budget ends.
  const cut = content.length <= shownChars ? content.length : lastBreak > 0 ? lastBreak : shownChars;
  const drawn = content.slice(0, cut);
  const drawnLines = cut === content.length ? lines : drawn.split('\n').length;
  const numbers = Array.from({ length: drawnLines }, (_, i) => i + 1).join('\n');
  return (
    <details open={open && cut > 0} className="rounded-md border border-border" data-testid="source-file" data-source-index={index} data-path={path} data-main={main ? 'true' : undefined}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <ChainText text={path} className="break-all font-mono font-medium" />
        {main ? <span className="text-xs text-muted">the verified contract&apos;s file</span> : null}
        <span className="text-xs text-muted">
          {plural(lines, 'line')} · {formatBytes(new TextEncoder().encode(content).length)}
        </span>
      </summary>
      {cut > 0 ? (
        // Focusable, so that a keyboard scrolls a long file (the text holds no control to focus).
        <div tabIndex={0} className="relative flex max-h-[32rem] overflow-auto border-t border-border font-mono text-xs leading-5">
          <div aria-hidden="true" hidden data-testid="source-line-mark" className="pointer-events-none absolute left-0 h-5 bg-warn/20 ring-1 ring-warn/50" />
          <pre aria-hidden="true" className="sticky left-0 select-none border-r border-border bg-surface px-2 py-2 text-right text-muted" data-testid="source-line-numbers">
            {numbers}
          </pre>
          <pre className="px-3 py-2" data-testid="source-text">
            <ChainText text={drawn} keepLineBreaks />
          </pre>
        </div>
      ) : null}
      {cut < content.length ? (
        <p className="border-t border-border px-3 py-2 text-xs text-muted" data-testid="source-cut">
          {cut > 0 ? `The first ${plural(drawnLines, 'line')} of ${formatInteger(lines)} are drawn here` : 'Not drawn here: the page shows this much source at most'};{' '}
          the whole file is in the <a href={download}>download (JSON)</a>.
        </p>
      ) : null}
    </details>
  );
}
