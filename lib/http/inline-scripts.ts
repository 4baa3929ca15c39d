/**
 * The inline scripts of a rendered HTML page, as CSP hash sources. A stored page is served to
 * many readers, so it cannot carry a per-request nonce: its policy lists the SHA-256 of each of
 * its inline scripts instead (a script element's text is raw text, hashed exactly as written).
 */
import { scriptHash } from './security-headers';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const text = match[1] ?? '';
    if (text !== '') hashes.add(scriptHash(text));
  }
  return [...hashes];
}

/** Whether any script tag carries a nonce (a page rendered for one request, never to be stored). */
export function hasNonce(html: string): boolean {
  return /<script\b[^>]*\snonce=/i.test(html);
}
