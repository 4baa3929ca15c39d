/**
 * Copies `value` to the clipboard. Hidden without JavaScript (the value is selectable anyway).
 * `title`: the tooltip, for values too long to repeat in it (a source file, an ABI).
 *
 * Plain markup, not a client component: one listener for the whole page
 * (components/layout/CopyHandler.tsx) copies and marks the clicked button, so a table of hashes
 * does not hydrate a component per row. One element: the glyph, and the mark (`data-copy-state`)
 * that changes it, are drawn by CSS (.copy-button in app/globals.css), not by an icon's markup
 * repeated in the HTML and the React payload for every hash on the page.
 */
export function CopyButton({ value, label = 'Copy', title }: { value: string; label?: string; title?: string }) {
  return <button type="button" data-copy={value} className="copy-button needs-js" title={title ?? `${label}: ${value}`} aria-label={label} />;
}
