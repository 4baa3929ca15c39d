/**
 * The response the page cache can hold, on a real HTTP server (Node's ServerResponse option):
 * what a handler writes while it is held reaches the cache, not the socket, and the response is
 * then the cache's to send — its own answer, or the held one as it was written.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HoldableResponse, type Held } from './held-response';

let server: Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose every request is held while `handler` answers it; `then` sends what the client gets. */
async function serve(handler: (response: HoldableResponse) => void, then: (response: HoldableResponse, held: Held) => void): Promise<string> {
  server = createServer({ ServerResponse: HoldableResponse }, (_request, response) => {
    const holdable = response as HoldableResponse;
    holdable.setHeader('X-Request-Id', 'before');
    const held = holdable.hold();
    handler(holdable);
    void held.then((answer) => then(holdable, answer));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a held response', () => {
  it('collects what the handler writes (headers, status, every chunk) and sends the caller’s answer instead, with the headers set before', async () => {
    let seen: Held | undefined;
    const origin = await serve(
      (response) => {
        response.setHeader('Content-Type', 'text/html');
        response.writeHead(200, { 'X-Next': 'yes' });
        response.flushHeaders();
        response.write('<p>');
        response.write(Buffer.from('kept'));
        response.end('</p>');
      },
      (response, held) => {
        seen = held;
        response.writeHead(203, { 'X-Cache': 'answer' });
        response.end('from the cache');
      },
    );
    const answer = await fetch(`${origin}/`);
    expect(answer.status).toBe(203);
    expect(await answer.text()).toBe('from the cache');
    expect(answer.headers.get('x-cache')).toBe('answer');
    expect(answer.headers.get('x-request-id')).toBe('before');
    expect(answer.headers.get('x-next'), 'what the handler set went with its answer, not this one').toBeNull();
    expect(seen?.status).toBe(200);
    expect(seen?.body.toString()).toBe('<p>kept</p>');
    expect(seen?.headers['x-next']).toBe('yes');
    expect(seen?.aborted).toBe(false);
  });

  it('released, it is sent as the handler wrote it, with the headers the caller adds where the handler set none', async () => {
    const origin = await serve(
      (response) => {
        response.statusCode = 404;
        response.setHeader('Content-Type', 'text/plain');
        response.end('nothing here');
      },
      (response, held) => response.release(held, { 'Content-Type': 'text/html', 'X-Added': '1' }),
    );
    const answer = await fetch(`${origin}/`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe('nothing here');
    expect(answer.headers.get('content-type')).toBe('text/plain');
    expect(answer.headers.get('x-added')).toBe('1');
  });
});
