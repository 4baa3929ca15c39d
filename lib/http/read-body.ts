/**
 * Reads a POST body as JSON with a size limit, so no route buffers more than it will ever use:
 * a Content-Length over the limit is refused before reading, and a chunked body is cut off as
 * soon as it passes the limit.
 */
export type BodyResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: 400 | 413; readonly error: string };

export async function readJsonBody(request: Request, limitBytes: number): Promise<BodyResult> {
  const tooLarge = { ok: false, status: 413, error: `The body is larger than ${limitBytes} bytes.` } as const;
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) return tooLarge;
  if (!request.body) return { ok: false, status: 400, error: 'The body must be JSON.' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      return tooLarge;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown };
  } catch {
    return { ok: false, status: 400, error: 'The body must be JSON.' };
  }
}
