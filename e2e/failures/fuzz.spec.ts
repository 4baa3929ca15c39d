/**
 * Fuzz of every route: 10,000 requests generated from a seed (e2e/support/fuzz-inputs.ts)
 * against the suite's explorer and devnet, 16 at a time, by a plain Node client that sends them
 * as Playwright's request fixture would (e2e/support/plain-request.ts) without its cost per call. No URL or body may get a 5xx, except a
 * 502/503 that names the node or chain it could not read (the explorer's answers for a node it
 * could not use; see lib/server/pipeline/status-page.ts and the API routes' 503s). Every answer must be an
 * HTTP answer: a dropped connection fails too.
 *
 * Reproduce a failure with the printed seed: STRATA_FUZZ_SEED=<seed> npx playwright test e2e/failures/fuzz.spec.ts
 */
import { get as httpGet } from 'node:http';
import { expect, test } from '../fixtures';
import { CHAINS } from '../../lib/protocol/chains';
import { BASE_URL } from '../support/env';
import { dotSegmentPaths, fuzzRequests, unknownParameterRequests, type FuzzRequest } from '../support/fuzz-inputs';
import { plainClient, type PlainClient } from '../support/plain-request';

const SEED = Number(process.env.STRATA_FUZZ_SEED ?? 19);
const COUNT = Number(process.env.STRATA_FUZZ_COUNT ?? 10_000);
const CONCURRENCY = 16;

/** A 502/503 that says which node or chain failed it: an outage explained, not a bug. */
function namesTheNode(text: string): boolean {
  const lower = text.toLowerCase();
  return lower.includes('node') || CHAINS.some((c) => lower.includes(c.name) || lower.includes(c.label.toLowerCase()));
}

interface Outcome {
  readonly request: FuzzRequest;
  readonly status: number | 'no answer' | 'headers over 16 KiB';
  readonly detail: string;
}

async function send(client: PlainClient, request: FuzzRequest): Promise<Outcome> {
  const headers: Record<string, string> = request.client ? { 'x-forwarded-for': request.client } : {};
  try {
    const response =
      request.method === 'POST'
        ? await client.send({ method: 'POST', url: request.url, headers: { ...headers, 'content-type': 'application/json' }, body: request.body ?? '' })
        : await client.send({ method: 'GET', url: request.url, headers });
    const detail = response.status >= 500 ? response.body.toString('utf8').slice(0, 2_000) : '';
    return { request, status: response.status, detail };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // An answer the client refused to read: response headers past Node's 16 KiB. Next's own
    // trailing-slash 308 (before proxy.ts runs) repeats a long URL in Location and Refresh; the
    // server answered, not with a 5xx, so it is counted apart rather than failed.
    if (detail.includes('Header overflow')) return { request, status: 'headers over 16 KiB', detail };
    return { request, status: 'no answer', detail };
  }
}

/** A GET sent with its path exactly as written (no URL parser resolving its dot segments): the status. */
function rawStatus(path: string): Promise<number | 'no answer'> {
  return new Promise((resolve) => {
    httpGet(`${BASE_URL}/`, { path }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve('no answer'));
    }).on('error', () => resolve('no answer'));
  });
}

/** `count` tasks, CONCURRENCY at a time, in order of the inputs. */
async function each<T, R>(inputs: readonly T[], task: (input: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < inputs.length) {
        const i = next++;
        results[i] = await task(inputs[i] as T);
      }
    }),
  );
  return results;
}

test.describe('fuzz', () => {
  test(`${COUNT} generated requests over every route: no unexplained 5xx`, async ({ request }) => {
    // Its own budget: about a minute alone on two cores (the explorer's own CPU is the limit),
    // several times that when the machine is shared.
    test.setTimeout(300_000);
    // The suite's explorer is up when its web server check passed; wait until it reads the node too.
    await expect.poll(async () => (await request.get('/api/tips')).status(), { timeout: 60_000 }).toBe(200);

    const requests = fuzzRequests(SEED, COUNT);
    const client = plainClient(BASE_URL);
    const started = Date.now();
    const outcomes = await each(requests, (item) => send(client, item)).finally(() => client.close());
    const seconds = (Date.now() - started) / 1_000;

    const histogram = new Map<string, number>();
    for (const o of outcomes) histogram.set(String(o.status), (histogram.get(String(o.status)) ?? 0) + 1);
    const failures = outcomes.filter(
      (o) => o.status === 'no answer' || (typeof o.status === 'number' && o.status >= 500 && !((o.status === 502 || o.status === 503) && namesTheNode(o.detail))),
    );
    const shown = (o: Outcome) => `${o.status} ${o.request.method} ${o.request.url.slice(0, 300)}${o.request.body ? ` body ${JSON.stringify(o.request.body.slice(0, 120))}` : ''}\n    ${o.detail.replace(/\s+/g, ' ').slice(0, 300)}`;
    console.log(
      [
        `fuzz: seed ${SEED}, ${outcomes.length} requests in ${seconds.toFixed(1)} s, ${CONCURRENCY} at a time`,
        `status histogram: ${[...histogram].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s}×${n}`).join(' ')}`,
        `unexplained 5xx or no answer: ${failures.length}`,
        // Up to ten of each kind, so one noisy kind does not hide another.
        ...[...new Set(failures.map((o) => o.status))].flatMap((status) => failures.filter((o) => o.status === status).slice(0, 10).map(shown)),
      ].join('\n'),
    );

    // Still serving after all that.
    expect((await request.get('/api/tips')).status()).toBe(200);
    expect(failures.map((o) => `${o.status} ${o.request.method} ${o.request.url.slice(0, 200)}`), `seed ${SEED}`).toEqual([]);
  });

  test('paths with dot segments are refused before any route; pages asked with parameters they do not read are redirected, never kept again', async ({ request }) => {
    test.setTimeout(120_000);
    await expect.poll(async () => (await request.get('/api/tips')).status(), { timeout: 60_000 }).toBe(200);
    const paths = dotSegmentPaths(SEED, 400);
    const statuses = await each(paths, rawStatus);
    // 431: a request line past Node's header limit (16 KB), refused by Node's parser before any route.
    const notRefused = paths.map((p, i) => `${statuses[i]} ${p}`).filter((_, i) => statuses[i] !== 400 && statuses[i] !== 404 && statuses[i] !== 431);
    expect(notRefused, `seed ${SEED}: every dot-segment path is a 400 (API), a 404 page or a 431 (too long for Node)`).toEqual([]);

    const asked = unknownParameterRequests(SEED, 400);
    const answers = await each(asked, async (r) => {
      const response = await request.get(r.url, { maxRedirects: 0, failOnStatusCode: false });
      return { url: r.url, status: response.status(), location: response.headers().location ?? '' };
    });
    // A redirect to the page without what it does not read; a page whose path names nothing is the proxy's 404.
    const wrong = answers.filter((a) => !(a.status === 307 || a.status === 404 || a.status === 400) || (a.status === 307 && /[?&](utm_source|ref|x|TAB|tab%5B%5D|fbclid)=/.test(a.location)));
    expect(wrong.map((a) => `${a.status} ${a.url.slice(0, 200)} → ${a.location}`), `seed ${SEED}`).toEqual([]);
  });
});
