/**
 * Reads a POST body as JSON with a size limit, so no route buffers more than it will ever use:
 * a Content-Length over the limit is refused before reading, and a chunked body is cut off as
 * soon as it passes the limit.
 *
 * The body must be declared application/json: a page on another site can POST a form as
 * text/plain (or urlencoded, multipart) without a CORS preflight, and a JSON body sent as text
 * would otherwise be read the same. Requiring JSON makes any cross-site send a preflighted one,
 * which this server does not allow.
 */
export type BodyResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: 400 | 413 | 415; readonly error: string };

export async function readJsonBody(request: Request, limitBytes: number): Promise<BodyResult> {
  if (!isJson(request.headers.get('content-type'))) {
    return { ok: false, status: 415, error: 'The body must be sent as Content-Type: application/json.' };
  }
  const read = await readLimited(request, limitBytes);
  if (read === 'too-large') return tooLarge(limitBytes);
  if (!read) return { ok: false, status: 400, error: 'The body must be JSON.' };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read)) as unknown };
  } catch {
    return { ok: false, status: 400, error: 'The body must be JSON.' };
  }
}

/** 413's answer, shared with read-form.ts. */
export function tooLarge(limitBytes: number) {
  return { ok: false, status: 413, error: `The body is larger than ${limitBytes} bytes.` } as const;
}

/**
 * The body's bytes, never more than `limitBytes`: a Content-Length over the limit is refused
 * before reading, a chunked body cut off as soon as it passes it. Null when there is no body.
 */
export async function readLimited(request: Request, limitBytes: number): Promise<Uint8Array | 'too-large' | null> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) return 'too-large';
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      return 'too-large';
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** application/json, with or without parameters (charset), any case. */
function isJson(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
