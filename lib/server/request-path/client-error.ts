/**
 * A request Node's HTTP parser refuses before any route sees it (a request line or headers past
 * 16 KiB, a malformed request, headers that never finish): answered as Node answers it, 431, 413,
 * 408 or 400 with `Connection: close`, and then the connection is closed gracefully, not reset.
 *
 * Node's own answer writes the status and destroys the socket at once. When the client is still
 * sending (a POST whose body follows an over-long URL), the kernel then resets the connection
 * while the answer is in flight, and about one client in ten reads "connection reset" instead of
 * 431. Here the server ends its side after the answer and reads, discarding, what the client
 * still sends until the client closes, for at most LINGER_MS: the lingering close of Apache and
 * nginx. Node's documented extension point is the server's 'clientError' event.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a refused client may go on sending before its connection is cut. */
const LINGER_MS = 5_000;

const ANSWERS: Readonly<Record<string, readonly [number, string, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request line and headers are larger than the server reads (16 KiB).'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'A chunk extension is larger than the server reads.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request did not arrive in time.'],
};
const BAD_REQUEST: readonly [number, string, string] = [400, 'Bad Request', 'The request is not valid HTTP.'];

/** The raw HTTP answer to a parser error's code. */
export function clientErrorAnswer(code: string | undefined): string {
  const [status, reason, text] = (code && ANSWERS[code]) || BAD_REQUEST;
  const body = `${text}\n`;
  return `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** Answers the parser's refusals on `server` and closes their connections gracefully. */
export function answerClientErrors(server: Server): void {
  // The parser reports an error again for every chunk the client goes on sending: the first one answers.
  const answered = new WeakSet<Duplex>();
  // Connections with a response under way: an answer written now would land inside it.
  const responding = new WeakSet<Duplex>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    responding.add(request.socket);
    response.once('close', () => responding.delete(request.socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    // A client that reset or closed its side has nobody left to read the answer, and one with a
    // response under way cannot be answered apart from it: as Node does, the connection is cut.
    if (error.code === 'ECONNRESET' || !socket.writable || responding.has(socket)) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorAnswer(error.code));
    socket.resume();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  });
}
