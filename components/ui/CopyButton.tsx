'use client';

import { useEffect, useState } from 'react';

/** Copies `value` to the clipboard. Hidden without JavaScript (the value is selectable anyway). */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <button
      type="button"
      className="needs-js ml-1 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-xs text-muted align-middle hover:bg-surface-2 hover:text-fg"
      title={state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : `${label}: ${value}`}
      aria-label={state === 'copied' ? 'Copied' : label}
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'copied' ? '✓' : state === 'failed' ? '!' : '⧉'}
    </button>
  );
}
