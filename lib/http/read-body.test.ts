import { describe, expect, test } from 'vitest';
import { readJsonBody } from './read-body';

function chunked(parts: string[]): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Request('http://x/api', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

describe('readJsonBody', () => {
  test('reads JSON under the limit', async () => {
    expect(await readJsonBody(new Request('http://x/api', { method: 'POST', body: '{"raw":"0x01"}' }), 100)).toEqual({ ok: true, value: { raw: '0x01' } });
  });
  test('refuses a declared length over the limit without reading, and a chunked body once it passes it', async () => {
    const declared = new Request('http://x/api', { method: 'POST', body: 'x'.repeat(200), headers: { 'content-length': '200' } });
    expect(await readJsonBody(declared, 100)).toMatchObject({ ok: false, status: 413 });
    expect(await readJsonBody(chunked(['{"raw":"', 'a'.repeat(80), '"}']), 50)).toMatchObject({ ok: false, status: 413 });
  });
  test('a body that is not JSON (or not UTF-8) is a 400', async () => {
    expect(await readJsonBody(new Request('http://x/api', { method: 'POST', body: 'raw=0x01' }), 100)).toMatchObject({ ok: false, status: 400 });
    expect(await readJsonBody(new Request('http://x/api', { method: 'POST', body: new Uint8Array([0xff, 0xfe]) }), 100)).toMatchObject({ ok: false, status: 400 });
  });
});
