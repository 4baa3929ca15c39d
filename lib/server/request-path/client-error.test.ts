import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors, clientErrorAnswer } from './client-error';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_request, response) => response.end('ok'));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A POST sent on a connection of its own: the status, or the error the client read instead. */
function post(path: string, body: Buffer): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(body.byteLength) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', (error) => resolve(error.message));
    outgoing.end(body);
  });
}

/**
 * `count` POSTs of an over-long URL (21 KB) and a 300 KB body, four at a time, each on a new
 * connection, sent by another Node process: the status each got, or the error it read instead.
 */
function clientsElsewhere(serverPort: number, count: number): Promise<(number | string)[]> {
  const script = `
    const { request } = require('node:http');
    const path = '/api/address/' + 'a'.repeat(21000) + '/call';
    const body = Buffer.alloc(300000, 'a');
    const outcomes = [];
    let next = 0;
    const one = () => new Promise((resolve) => {
      const r = request({ host: '127.0.0.1', port: ${serverPort}, path, method: 'POST', agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      });
      r.on('error', (error) => resolve(error.message));
      r.end(body);
    });
    Promise.all([0, 1, 2, 3].map(async () => { while (next < ${count}) { next++; outcomes.push(await one()); } }))
      .then(() => process.stdout.write(JSON.stringify(outcomes)));
  `;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { maxBuffer: 1 << 20 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as (number | string)[])));
  });
}

/** Raw bytes on a socket: everything the server sent back before closing. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answers an over-long URL with 431 even while the client is still sending a large body', async () => {
    // Node's own answer destroys the connection under the body; about one such client in ten then
    // read "connection reset" instead of the status. The clients run in a process of their own, as
    // real ones do: in this one, the server's reads and the clients' writes would take turns.
    const outcomes = await clientsElsewhere(port, 200);
    expect(outcomes.filter((o) => o !== 431)).toEqual([]);
  });

  it('answers what is not HTTP with 400 and a reason', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toBe(clientErrorAnswer('HPE_INVALID_METHOD'));
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[^]*Connection: close[^]*not valid HTTP/);
  });

  it('still serves well-formed requests on the same server', async () => {
    expect(await post('/', Buffer.from('{}'))).toBe(200);
  });
});
