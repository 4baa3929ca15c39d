/**
 * For tests: a stream service served over Node's HTTP server as server.ts serves it — the
 * client-address stage (who asks, by STRATA_TRUSTED_PROXIES' rule), then the stream route.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { type ClientRules, markClient } from '@/lib/server/request-path/client-address';
import { answerStream } from '../stream-route';
import type { StreamService } from '../stream-service';

export interface ServedStream {
  /** The stream route's URL (…/api/v1/stream). */
  readonly url: string;
  close(): Promise<void>;
}

export async function serveStream(service: StreamService, rules: ClientRules): Promise<ServedStream> {
  const server = createServer((req, res) => {
    markClient(req, rules);
    const abort = new AbortController();
    res.once('close', () => abort.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    void answerStream(new Request(`http://127.0.0.1${req.url ?? '/'}`, { headers, signal: abort.signal }), service).then((response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return void res.end();
      Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/stream`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
