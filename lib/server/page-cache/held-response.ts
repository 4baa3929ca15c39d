/**
 * The response object of every request server.ts serves: Node's ServerResponse, given to
 * `createServer` through its documented `ServerResponse` option, with one thing more — the page
 * cache can hold what Next writes to it. A miss of a kept route is rendered by Next as the answer
 * to the very request that asked (no second request, no token, no data handed between two
 * requests): while held, the status, headers and body Next writes are collected instead of sent,
 * and when Next ends the response the page cache has Next's whole answer. It keeps it when it is
 * one to keep, and then sends it (./write.ts), or sends Next's answer as it is (release()).
 *
 * Held only for a GET the page cache renders for a copy (./page-cache.ts); every other response
 * is Node's as it always is. Next streams pages: a held page reaches its reader whole, once
 * rendered, as a kept copy does on every later request.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';

/** What Next answered, as it wrote it. */
export interface Held {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
  /** The reader went away before Next ended the answer: nothing to keep or send. */
  readonly aborted: boolean;
}

type WriteCallback = (error?: Error | null) => void;

interface Holding {
  readonly chunks: Buffer[];
  readonly done: (held: Held) => void;
  /** The headers set before Next ran (the request id): what the response has again once Next's answer is taken. */
  readonly before: OutgoingHttpHeaders;
}

function bytesOf(chunk: unknown, encoding: BufferEncoding | undefined): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, encoding ?? 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.alloc(0);
}

export class HoldableResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #holding: Holding | undefined;

  /**
   * From now until Next ends the response, nothing is sent: resolves with what Next wrote. The
   * response is then the caller's to send: write it, or release() what was held.
   */
  hold(): Promise<Held> {
    return new Promise<Held>((resolve) => {
      this.#holding = { chunks: [], done: resolve, before: this.getHeaders() };
      // The reader gone while held: Next may never end it.
      this.once('close', () => this.#finish(true));
    });
  }

  /** Sends what was held as Next wrote it, with `extra` headers (those Next did not set). */
  release(held: Held, extra: Readonly<Record<string, string>> = {}): void {
    if (held.aborted || this.destroyed || this.headersSent) return;
    this.#setAll(held.headers);
    for (const [name, value] of Object.entries(extra)) if (!this.hasHeader(name)) this.setHeader(name, value);
    this.statusCode = held.status;
    this.end(held.body);
  }

  /** Hands Next's answer over and leaves the response as it was before Next ran, for the caller to write. */
  #finish(aborted: boolean): void {
    const holding = this.#holding;
    if (!holding) return;
    this.#holding = undefined;
    const held: Held = { status: this.statusCode, headers: this.getHeaders(), body: Buffer.concat(holding.chunks), aborted };
    this.#setAll(holding.before);
    this.statusCode = 200;
    holding.done(held);
  }

  /** The response's headers become exactly `headers`. */
  #setAll(headers: OutgoingHttpHeaders): void {
    for (const name of this.getHeaderNames()) this.removeHeader(name);
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value);
  }

  override writeHead(statusCode: number, reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    if (!this.#holding) return typeof reasonOrHeaders === 'string' ? super.writeHead(statusCode, reasonOrHeaders, headers) : super.writeHead(statusCode, reasonOrHeaders);
    this.statusCode = statusCode;
    const given = typeof reasonOrHeaders === 'string' ? headers : reasonOrHeaders;
    if (Array.isArray(given)) {
      // Raw pairs: [name, value, name, value, …] or [[name, value], …].
      const pairs = given.every(Array.isArray) ? (given as unknown as [string, OutgoingHttpHeader][]) : given.flatMap((v, i, all) => (i % 2 === 0 ? [[String(v), all[i + 1]] as [string, OutgoingHttpHeader]] : []));
      for (const [name, value] of pairs) if (value !== undefined) this.setHeader(name, value);
    } else if (given) {
      for (const [name, value] of Object.entries(given)) if (value !== undefined) this.setHeader(name, value);
    }
    return this;
  }

  override flushHeaders(): void {
    if (!this.#holding) super.flushHeaders();
  }

  override write(chunk: unknown, encodingOrCallback?: BufferEncoding | WriteCallback, callback?: WriteCallback): boolean {
    const holding = this.#holding;
    if (!holding) return typeof encodingOrCallback === 'function' ? super.write(chunk, encodingOrCallback) : super.write(chunk, encodingOrCallback as BufferEncoding, callback);
    holding.chunks.push(bytesOf(chunk, typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined));
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (done) queueMicrotask(() => done(null));
    return true;
  }

  override end(chunkOrCallback?: unknown, encodingOrCallback?: BufferEncoding | (() => void), callback?: () => void): this {
    const holding = this.#holding;
    if (!holding) {
      if (typeof chunkOrCallback === 'function') return super.end(chunkOrCallback as () => void);
      if (typeof encodingOrCallback === 'function') return super.end(chunkOrCallback, encodingOrCallback);
      return super.end(chunkOrCallback, encodingOrCallback as BufferEncoding, callback);
    }
    const done = [chunkOrCallback, encodingOrCallback, callback].find((c): c is () => void => typeof c === 'function');
    if (chunkOrCallback !== undefined && typeof chunkOrCallback !== 'function') {
      holding.chunks.push(bytesOf(chunkOrCallback, typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined));
    }
    // Called back as Node does, once the answer the caller sends is finished.
    if (done) this.once('finish', done);
    this.#finish(false);
    return this;
  }
}
