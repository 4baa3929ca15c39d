import type { Hex } from 'viem';
import { CopyableHex } from '@/components/ui/values/CopyableHex';
import { byteLength, printableText } from './figures';
import { ChainText } from '@/components/ui/values/ChainText';

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
      <CopyableHex value={hex} label="Copy hex" height="tall" />
      <p className="text-xs text-muted">
        {bytes} bytes{text === undefined ? ' · not printable text' : null}
      </p>
      {text !== undefined ? (
        <p className="whitespace-pre-wrap break-words rounded border border-border px-2 py-1 text-sm" title="The bytes as UTF-8 text">
          <ChainText text={text} keepLineBreaks />
        </p>
      ) : null}
    </div>
  );
}
