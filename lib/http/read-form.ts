/**
 * Reads a POST body as a form (application/x-www-form-urlencoded, as Etherscan's clients send
 * verifysourcecode) with a size limit: a Content-Length over it is refused before reading, a
 * chunked body as soon as it passes it (413): read-body.ts's `readLimited`, which reads JSON too.
 */
import { readLimited, tooLarge } from './read-body';

export type FormResult =
  | { readonly ok: true; readonly form: URLSearchParams }
  | { readonly ok: false; readonly status: 400 | 413 | 415; readonly error: string };

export async function readFormBody(request: Request, limitBytes: number): Promise<FormResult> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return { ok: false, status: 415, error: 'The body must be sent as Content-Type: application/x-www-form-urlencoded.' };
  }
  const read = await readLimited(request, limitBytes);
  if (read === 'too-large') return tooLarge(limitBytes);
  if (!read) return { ok: true, form: new URLSearchParams() };
  try {
    return { ok: true, form: new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(read)) };
  } catch {
    return { ok: false, status: 400, error: 'The body is not UTF-8 text.' };
  }
}
