/**
 * The one percent-decoder of the code base. `decodeURIComponent` throws a URIError on text that
 * is not percent-encoded UTF-8 (`%ff%fe`, a lone `%`, `%zz`, overlong forms, surrogates); every
 * caller used to wrap it in its own try/catch, and one that did not (the history API) answered
 * 500. Here it never throws: the strict form says why the text cannot be decoded, the lenient
 * form (for showing a URL back to the reader) keeps such text as it came.
 *
 * Pure and browser-safe: used by proxy.ts's URL guard (lib/http/url-guard.ts), the route
 * parsers in lib/routes/params/ and the RPC error scrubber.
 */

export type Decoded = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly reason: string };

const BROKEN_ESCAPE = /%(?![0-9a-fA-F]{2})/;

/** Shown text of a raw part: long input is cut so a reason stays readable. */
export function shownPart(raw: string, max = 80): string {
  return raw.length > max ? `${raw.slice(0, max - 1)}…` : raw;
}

/** `raw` percent-decoded, or why it cannot be. */
export function decodeComponent(raw: string): Decoded {
  try {
    return { ok: true, value: decodeURIComponent(raw) };
  } catch {
    const broken = BROKEN_ESCAPE.exec(raw);
    const reason = broken
      ? `“${shownPart(raw)}” has a “%” at character ${broken.index + 1} that is not followed by two hex digits`
      : `“${shownPart(raw)}” holds percent-escapes that are not UTF-8 text`;
    return { ok: false, reason };
  }
}

/** `raw` percent-decoded, or `raw` itself when it cannot be: for display and lenient parsers. */
export function decodeLenient(raw: string): string {
  const decoded = decodeComponent(raw);
  return decoded.ok ? decoded.value : raw;
}
