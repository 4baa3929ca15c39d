import { CopyButton } from './CopyButton';

// Whole class names, so Tailwind finds them in this file.
const MAX_HEIGHT = { short: 'max-h-32', medium: 'max-h-40', tall: 'max-h-48' } as const;

/** Hex too long for a line, in a scrolling box with a copy button beside it. */
export function CopyableHex({
  value,
  label,
  height,
  testId,
}: {
  value: string;
  /** The copy button's label ("Copy RLP"). */
  label: string;
  height: keyof typeof MAX_HEIGHT;
  testId?: string;
}) {
  return (
    <div className="flex items-start gap-1">
      {/* Focusable, so a keyboard can scroll it. */}
      <code
        tabIndex={0}
        className={`block ${MAX_HEIGHT[height]} min-w-0 flex-1 overflow-auto break-all rounded bg-surface-2 px-2 py-1 font-mono text-xs`}
        data-testid={testId}
      >
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </div>
  );
}
