/**
 * Copies `value` to the clipboard. Hidden without JavaScript (the value is selectable anyway).
 * `title`: the tooltip, for values too long to repeat in it (a source file, an ABI).
 *
 * Plain markup, not a client component: one listener for the whole page
 * (components/layout/CopyHandler.tsx) copies and marks the clicked button, so a table of hashes
 * does not hydrate a component per row. The mark (`data-copy-state`) picks the glyph in CSS.
 */
export function CopyButton({ value, label = 'Copy', title }: { value: string; label?: string; title?: string }) {
  return (
    <button
      type="button"
      data-copy={value}
      className="copy-button needs-js"
      title={title ?? `${label}: ${value}`}
      aria-label={label}
    >
      <CopyIcon />
      <span className="copy-done" aria-hidden="true">
        ✓
      </span>
      <span className="copy-failed" aria-hidden="true">
        !
      </span>
    </button>
  );
}

/** Two overlapping sheets, drawn rather than typed: no common font has a copy glyph (⧉ showed as a box). */
function CopyIcon() {
  return (
    <svg className="copy-idle" aria-hidden="true" viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="1.5">
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 3.5v-0.5a1.5 1.5 0 0 0-1.5-1.5H3a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 3 10.5h0.5" />
    </svg>
  );
}
