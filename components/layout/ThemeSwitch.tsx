'use client';

import { useSyncExternalStore } from 'react';
import { applyTheme, readThemeChoice, subscribeToRoot, type ThemeChoice } from '@/lib/http/theme-script';

const CHOICES: ReadonlyArray<{ value: ThemeChoice; label: string; icon: string }> = [
  { value: 'light', label: 'Light theme', icon: '☀' },
  { value: 'system', label: 'System theme', icon: '◐' },
  { value: 'dark', label: 'Dark theme', icon: '☾' },
];

/** Light / system / dark. Hidden without JavaScript, where the system setting applies. */
export function ThemeSwitch() {
  // The server cannot know the stored choice: it (and hydration) render "system", then the
  // browser reads the real one from <html>, where the pre-paint script put it.
  const choice = useSyncExternalStore<ThemeChoice>(subscribeToRoot, readThemeChoice, () => 'system');

  return (
    <div role="group" aria-label="Colour theme" className="needs-js">
      <div className="flex overflow-hidden rounded-md border border-border">
        {CHOICES.map((c) => (
          <button
            key={c.value}
            type="button"
            title={c.label}
            aria-label={c.label}
            aria-pressed={choice === c.value}
            onClick={() => applyTheme(c.value)}
            className={`h-8 w-8 text-sm leading-none ${
              choice === c.value ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg'
            }`}
          >
            {c.icon}
          </button>
        ))}
      </div>
    </div>
  );
}
