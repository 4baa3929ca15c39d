/**
 * The answer to a URL the guard refuses (lib/http/url-guard.ts: undecodable, over-long, a dot
 * segment): 400 JSON for the API, Etherscan's bases with its NOTOK envelope beside `error`; a
 * 404 page saying why for anything else. Sent by server.ts's URL guard, before any route.
 */
import { notOk } from '@/lib/history/etherscan';
import { isApiPath } from '@/lib/http/url-guard';
import type { RouteMatch } from '@/lib/routes/match';
import { apiSecurityHeaders, contentSecurityPolicy, htmlSecurityHeaders } from '@/lib/http/security-headers';
import { decodeLenient, shownPart } from '@/lib/text/url-decode';
import { renderStatusPage, STATUS_PAGE_SCRIPT_HASHES } from './status-page';

export interface Refusal {
  readonly status: 400 | 404;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** `match`: the route table's match of the path, as server.ts's first stage made it. */
export function urlRefusal(pathname: string, problem: string, https: boolean, match: RouteMatch | undefined): Refusal {
  if (isApiPath(pathname, match)) {
    // Etherscan's base (`/api`, `/chain/<zone>/api`): its clients read the NOTOK envelope.
    const body = match?.route.cache === 'per-action' ? { ...notOk(problem), error: problem } : { error: problem };
    return { status: 400, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...apiSecurityHeaders(https) }, body: JSON.stringify(body) };
  }
  const csp = contentSecurityPolicy({ scriptHashes: STATUS_PAGE_SCRIPT_HASHES, dev: process.env.NODE_ENV !== 'production' });
  return {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...htmlSecurityHeaders(csp, https) },
    body: renderStatusPage({
      status: 404,
      title: 'Nothing can be at this URL',
      message: problem,
      details: [`Requested path: ${shownPart(decodeLenient(pathname), 200)}`],
    }),
  };
}
