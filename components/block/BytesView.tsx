import type { Hex } from 'viem';
import { CopyButton } from '@/components/ui/CopyButton';
import { byteLength, printableText } from './figures';

/**
 * A byte string shown as hex and, when it is printable UTF-8, as text. Chain data is rendered as
 * React text only (never as HTML).
 */
export function BytesView({ hex, empty = 'empty' }: { hex: Hex; empty?: string }) {
  const bytes = byteLength(hex);
  if (bytes === 0) return <span className="text-muted">{empty} (0 bytes)</span>;
  const text = printableText(hex);
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-1">
        <code className="block max-h-48 min-w-0 flex-1 overflow-auto break-all rounded bg-surface-2 px-2 py-1 font-mono text-xs">
          {hex}
        </code>
        <CopyButton value={hex} label="Copy hex" />
      </div>
      <p className="text-xs text-muted">
        {bytes} bytes{text === undefined ? ' · not printable text' : null}
      </p>
      {text !== undefined ? (
        <p className="whitespace-pre-wrap break-words rounded border border-border px-2 py-1 text-sm" title="The bytes as UTF-8 text">
          {text}
        </p>
      ) : null}
    </div>
  );
}
