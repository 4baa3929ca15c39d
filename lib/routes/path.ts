/**
 * A route's path from its pattern and parameters: the URL builders (lib/routes/urls.ts) fill the
 * patterns of the route table, so a link cannot name a route the app does not have (the pattern
 * must be one of the table's, and its parameters are checked by name at compile time).
 */
import type { ParamNames, RoutePattern } from './table';

export type PathValue = string | number | bigint;

type PathArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: Readonly<Record<ParamNames<P>, PathValue>>];

/** `pathOf('/chain/[chain]', { chain: 'cyprus1' })` → `/chain/cyprus1`; each value percent-encoded. */
export function pathOf<P extends RoutePattern>(pattern: P, ...args: PathArgs<P>): string;
export function pathOf(pattern: string, params: Readonly<Record<string, PathValue>> = {}): string {
  return pattern.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, spread: string | undefined, name: string) => {
    const value = String(params[name]);
    // A catch-all's value spans segments: its slashes stay, each segment is encoded.
    return spread ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}
