/**
 * Reads a POST body as a form (application/x-www-form-urlencoded, as Etherscan's clients send
 * verifysourcecode) with a size limit: a Content-Length over it is refused before reading, a
 * chunked body as soon as it passes it (413), like read-body.ts does for JSON.
 */
export type FormResult =
  | { readonly ok: true; readonly form: URLSearchParams }
  | { readonly ok: false; readonly status: 400 | 413 | 415; readonly error: string };

export async function readFormBody(request: Request, limitBytes: number): Promise<FormResult> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return { ok: false, status: 415, error: 'The body must be sent as Content-Type: application/x-www-form-urlencoded.' };
  }
  const tooLarge = { ok: false, status: 413, error: `The body is larger than ${limitBytes} bytes.` } as const;
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) return tooLarge;
  if (!request.body) return { ok: true, form: new URLSearchParams() };
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
  try {
    return { ok: true, form: new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))) };
  } catch {
    return { ok: false, status: 400, error: 'The body is not UTF-8 text.' };
  }
}
