/** The symbols the explorer draws as text. */
export const GLYPHS = { pass: '✓', fail: '✗', to: '→', from: '←', warn: '⚠' } as const;
export type GlyphName = keyof typeof GLYPHS;

/**
 * A symbol drawn as text (✓, ✗, →, ⚠), never read out as its Unicode name: a screen reader
 * hears `label` instead ("to", "failed"), or nothing when the words beside it already say it.
 */
export function Glyph({ name, label, className }: { name: GlyphName; label?: string; className?: string }) {
  return (
    <>
      <span aria-hidden="true" className={className}>
        {GLYPHS[name]}
      </span>
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
