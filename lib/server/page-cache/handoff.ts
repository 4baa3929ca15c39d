/**
 * The data a page kept per what it shows is rendered from, handed to the page's render: the page
 * cache loads what the page shows (./per-data-routes.ts), keys the copy by it (./variant.ts), and
 * when that key has no copy yet it renders the page from that very data, so the copy kept under a
 * key is exactly the page of the data the key was made from (a render that loaded again could
 * see a newer block or pool).
 *
 * The render is this server asking itself (./render.ts), so the data stays in this process: it is
 * left here under a random token the render request carries in a header, and the page takes it
 * (./take-handoff.ts). A token is used once, lives only while its render runs, and names its page
 * and the loader's inputs: a client cannot guess one, and a token meant for one page is never
 * drawn by another.
 */
import { randomBytes } from 'node:crypto';
import { processWide } from '@/lib/ops/process-wide';

export const HANDOFF_HEADER = 'x-strata-page-data';

interface Handoff {
  /** What the data is for: the page and the loader's inputs (./per-data-routes.ts). */
  readonly page: string;
  readonly data: unknown;
}

/** One per process (lib/ops/process-wide.ts): the page cache (server.ts's bundle) leaves it, the page (the app's) takes it. */
function handoffs(): Map<string, Handoff> {
  return processWide('page-data-handoffs', () => new Map<string, Handoff>());
}

/** Leaves `data` for the render of `page`; the token to send, and a release to call once the render ended. */
export function leaveHandoff(page: string, data: unknown): { readonly token: string; readonly release: () => void } {
  const token = randomBytes(18).toString('base64url');
  handoffs().set(token, { page, data });
  return { token, release: () => void handoffs().delete(token) };
}

/** The data left under `token` for `page`, once; undefined for any other token or page. */
export function takeHandoff(token: string | null, page: string): unknown {
  if (!token) return undefined;
  const handoff = handoffs().get(token);
  if (!handoff || handoff.page !== page) return undefined;
  handoffs().delete(token);
  return handoff.data;
}
