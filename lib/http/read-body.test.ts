import { describe, expect, test } from 'vitest';
import { readJsonBody } from './read-body';

const JSON_TYPE = { 'content-type': 'application/json' };

function post(body: BodyInit, headers: Record<string, string> = JSON_TYPE): Request {
  return new Request('http://x/api', { method: 'POST', body, headers });
}

function chunked(parts: string[]): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Request('http://x/api', { method: 'POST', body, duplex: 'half', headers: JSON_TYPE } as RequestInit);
}

describe('readJsonBody', () => {
  test('reads JSON under the limit', async () => {
    expect(await readJsonBody(post('{"raw":"0x01"}'), 100)).toEqual({ ok: true, value: { raw: '0x01' } });
  });
  test('refuses a declared length over the limit without reading, and a chunked body once it passes it', async () => {
    const declared = post('x'.repeat(200), { ...JSON_TYPE, 'content-length': '200' });
    expect(await readJsonBody(declared, 100)).toMatchObject({ ok: false, status: 413 });
    expect(await readJsonBody(chunked(['{"raw":"', 'a'.repeat(80), '"}']), 50)).toMatchObject({ ok: false, status: 413 });
  });
  test('a body that is not JSON (or not UTF-8) is a 400', async () => {
    expect(await readJsonBody(post('raw=0x01'), 100)).toMatchObject({ ok: false, status: 400 });
    expect(await readJsonBody(post(new Uint8Array([0xff, 0xfe])), 100)).toMatchObject({ ok: false, status: 400 });
  });
  test('a body not declared application/json is a 415, even when it is JSON (a cross-site form sends text/plain)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect(await readJsonBody(post('{"raw":"0x01"}', { 'content-type': type }), 100), type).toMatchObject({ ok: false, status: 415 });
    }
    expect(await readJsonBody(post('{"raw":"0x01"}', {}), 100)).toMatchObject({ ok: false, status: 415 });
    expect(await readJsonBody(post('{"raw":"0x01"}', { 'content-type': 'Application/JSON; charset=utf-8' }), 100)).toEqual({ ok: true, value: { raw: '0x01' } });
  });
});
