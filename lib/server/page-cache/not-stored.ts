/**
 * A page that is immutable by its URL can still be rendered incompletely: the trace tabs of a
 * deep transaction whose node did not trace it this time (an error, a timeout, a node that does
 * not serve the tracer). Such a render must not be kept as the page, or the gap would be served
 * for good. The page says so itself, with `<meta name="strata-store" content="no: <why>">`
 * (components/ui/status/NotStored.tsx; React hoists it into the head), and ./render.ts keeps
 * no render that carries it.
 *
 * The marker is an element, so text from the chain cannot forge it: React escapes `<` in text.
 * Browser-safe (components import the name).
 */

export const NOT_STORED_META = 'strata-store';

const MARK = new RegExp(`<meta name="${NOT_STORED_META}" content="no`);

/** Whether rendered HTML asks not to be stored. */
export function markedNotStored(html: string): boolean {
  return MARK.test(html);
}
