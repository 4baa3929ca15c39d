/**
 * Strata is served through server.ts, whose request path (lib/server/request-path/) every request
 * must take: the URL guard refuses dot segments before Next resolves them (`/api/%2e/metrics`),
 * the client's address comes from the socket for the rate limit, the route is matched once for
 * its resolver, and the page cache keeps answers. Next's own commands (`next start`, `next dev`)
 * would serve the app without any of it, and start without a word. So server.ts says it composed
 * the path before Next loads (markRequestPath), and instrumentation.ts, which every Next start
 * runs, refuses to go on without that mark: the process exits with code 2 and names the command
 * to use. The standalone build's server.js is server.ts's bundle (scripts/standalone-assets.mjs).
 */
import { processWide } from '@/lib/ops/process-wide';

const MARK = 'request-path';

/** Called by server.ts before it loads Next: this process serves through the request path. */
export function markRequestPath(): void {
  processWide(MARK, () => true);
}

/** Whether server.ts composed this process's request path. */
export function requestPathComposed(): boolean {
  return processWide(MARK, () => false);
}

/** What a start without the request path prints before it exits. */
export function withoutRequestPathMessage(dev: boolean): string {
  const use = dev ? '`npm run dev`' : '`npm start`, `npm run serve` (after `npm run build`) or `node .next/standalone/server.js`';
  return (
    `strata: \`next ${dev ? 'dev' : 'start'}\` would serve Strata without its request path (the URL guard, the client's address for the rate limit, ` +
    `the route resolvers' verdicts, the page cache); start it with ${use} (docs/deploy.md).`
  );
}

/** For instrumentation.ts: without server.ts's request path, exit with code 2 naming the command to use. */
export function exitWithoutRequestPath(dev = process.env.NODE_ENV === 'development'): void {
  if (requestPathComposed()) return;
  console.error(withoutRequestPathMessage(dev));
  process.exit(2);
}
