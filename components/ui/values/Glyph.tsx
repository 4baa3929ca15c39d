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
      {/* A mark before words keeps its space where a flex parent would drop the words' leading one. */}
      <span aria-hidden="true" className={`${name === 'pass' || name === 'fail' || name === 'warn' ? 'mr-1' : ''} ${className ?? ''}`.trim() || undefined}>
        {GLYPHS[name]}
      </span>
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
