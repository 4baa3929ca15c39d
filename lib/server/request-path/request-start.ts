/**
 * server.ts's first stage: who asks and for what, said once for the rest of the path.
 *
 *   the client's address   CLIENT_HEADER, the rate limit's key (./client-address.ts)
 *   the route              the route table's match of the path (lib/routes/match.ts), with the
 *                          path and query as received: the request's RequestRoute
 *                          (lib/routes/resolver.ts), where the page cache, proxy.ts and the
 *                          page find it and its resolver's verdict; nothing matches the path again
 *   the request id         X-Request-Id, kept from the client or a proxy in front when sane
 *
 * The rest of the path, Next included, runs inside the request's context
 * (lib/ops/request-context.ts: the id and the work counted) and its route
 * (lib/routes/request-route.ts).
 */
import { requestIdFrom, requestStorage } from '@/lib/ops/request-context';
import { RequestWork } from '@/lib/ops/request-work';
import { matchRoute } from '@/lib/routes/match';
import { routeStorage } from '@/lib/routes/request-route';
import { markClient, type ClientRules } from './client-address';
import type { Stage } from '@/lib/http/stage';

/** `rules`: STRATA_TRUSTED_PROXIES and STRATA_RATE_IPV6_PREFIX, checked at start (lib/server/process/start-config.ts). */
export function requestStart(rules: ClientRules): Stage {
  const storage = requestStorage();
  const routes = routeStorage();
  return (request, _response, next) => {
    const client = markClient(request, rules);
    const raw = request.url ?? '/';
    const mark = raw.indexOf('?');
    const pathname = mark === -1 ? raw : raw.slice(0, mark);
    const query = mark === -1 ? '' : raw.slice(mark + 1);
    const header = request.headers['x-request-id'];
    const requestId = requestIdFrom(Array.isArray(header) ? header[0] : header);
    // Later stages, proxy.ts and the pages see the same id.
    request.headers['x-request-id'] = requestId;
    const route = { match: matchRoute(pathname), pathname, query, client };
    storage.run({ requestId, work: new RequestWork() }, () => routes.run(route, next));
  };
}
