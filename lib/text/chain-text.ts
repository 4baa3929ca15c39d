/**
 * Text from outside the explorer (token names and symbols, labels, decoded strings, extra data)
 * split into what can be drawn as it is and the characters that must be shown instead of obeyed.
 *
 * A right-to-left override (U+202E) in a token named "USDT \u202Egpj.exe" draws as "USDT exe.jpg",
 * and without isolation the reversal spills into the sentence around it. Invisible characters
 * (zero-width spaces, joiners, a byte-order mark) make two different names look the same. So every
 * control or format character is taken out of the text and shown as its code point (`U+202E`),
 * with a warning; the rest is drawn isolated (`<bdi>`, components/ui/values/ChainText.tsx).
 *
 * Pure and browser-safe: the component, title attributes and <title> strings all use it.
 */

/** What a reader is told when a text holds any marked character. */
export const HIDDEN_CHARACTERS_WARNING = 'contains invisible or direction-changing characters';

export type ChainTextPart = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'marked'; readonly codePoint: number };

export interface ChainTextOptions {
  /** Keep tab, line feed and carriage return as text (a multi-line decoded string drawn pre-wrapped). */
  readonly keepLineBreaks?: boolean;
}

/**
 * Marked: C0 and C1 controls and DEL (Cc), format characters (Cf: the bidi embeddings, overrides
 * and isolates, LRM/RLM/ALM, zero-width space/joiners, BOM, soft hyphen, tag characters…), the
 * line and paragraph separators (a paragraph separator ends a bidi paragraph mid-name), and lone
 * surrogates (no character at all).
 */
const MARKED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);

/** Names of the characters a reader is most likely to meet in a disguised name. */
const NAMES: Readonly<Record<number, string>> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (byte-order mark)',
};

/** "U+202E" (at least four hex digits, as Unicode writes them). */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** "U+202E RIGHT-TO-LEFT OVERRIDE", or the code point alone for the less common ones. */
export function codePointDescription(codePoint: number): string {
  const name = NAMES[codePoint];
  return name ? `${codePointLabel(codePoint)} ${name}` : codePointLabel(codePoint);
}

function isMarked(char: string, codePoint: number, options: ChainTextOptions): boolean {
  if (options.keepLineBreaks && LINE_BREAKS.has(codePoint)) return false;
  return MARKED.test(char);
}

/** The text as runs of plain text and marked code points, in logical order; adjacent plain characters share one run. */
export function chainTextParts(text: string, options: ChainTextOptions = {}): readonly ChainTextPart[] {
  const parts: ChainTextPart[] = [];
  let run = '';
  // for…of walks code points, so an astral format character (a tag, U+E0001) is one part.
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!isMarked(char, codePoint, options)) {
      run += char;
      continue;
    }
    if (run) parts.push({ kind: 'text', text: run });
    run = '';
    parts.push({ kind: 'marked', codePoint });
  }
  if (run) parts.push({ kind: 'text', text: run });
  return parts;
}

/** Whether the text holds any character chainTextParts marks. */
export function hasMarkedCharacters(text: string, options: ChainTextOptions = {}): boolean {
  return chainTextParts(text, options).some((part) => part.kind === 'marked');
}

/**
 * The text for places that hold no markup (a title attribute, the page's <title>): each marked
 * character written as "[U+202E]", so it neither acts nor hides.
 */
export function markedText(text: string, options: ChainTextOptions = {}): string {
  return chainTextParts(text, options)
    .map((part) => (part.kind === 'text' ? part.text : `[${codePointLabel(part.codePoint)}]`))
    .join('');
}

/** markedText, followed by the warning when anything was marked: for a tooltip or a <title>. */
export function markedTextWithWarning(text: string, options: ChainTextOptions = {}): string {
  const shown = markedText(text, options);
  return hasMarkedCharacters(text, options) ? `${shown} (${HIDDEN_CHARACTERS_WARNING})` : shown;
}
