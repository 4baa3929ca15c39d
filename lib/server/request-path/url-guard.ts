/**
 * The URL guard as server.ts's stage, before any route: a URL that cannot name anything (not
 * decodable, over-long, a dot segment: lib/http/url-guard.ts) is answered here with the reason
 * (lib/server/pipeline/url-refusal.ts). Next resolves `.` and `..` in a path before proxy.ts sees
 * it, so `/x/%2e%2e/api/metrics` must be refused here, on the path as it came from the socket.
 */
import { urlProblem } from '@/lib/http/url-guard';
import { currentRoute } from '@/lib/routes/request-route';
import { urlRefusal } from '@/lib/server/pipeline/url-refusal';
import { requestOverHttps } from '@/lib/http/https';
import type { Stage } from '@/lib/http/stage';

export function guardUrls(): Stage {
  return (request, response, next) => {
    // The path and query as received, from the request's route (./request-start.ts).
    const route = currentRoute();
    const pathname = route?.pathname ?? request.url ?? '/';
    const problem = urlProblem(pathname, route?.query ?? '');
    if (problem === undefined) return next();
    const refusal = urlRefusal(pathname, problem, requestOverHttps(request), route?.match);
    response.writeHead(refusal.status, { ...refusal.headers, 'Content-Length': String(Buffer.byteLength(refusal.body)) });
    response.end(request.method === 'HEAD' ? undefined : refusal.body);
  };
}
