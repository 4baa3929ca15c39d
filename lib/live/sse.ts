/**
 * Server-sent events as the wire spells them (WHATWG HTML, "Server-sent events"): fields
 * `id`, `event`, `data` and `retry`, one per line, an empty line after each event; a line
 * starting with ':' is a comment (the heartbeat). Data is one line of JSON here (JSON.stringify
 * writes no line breaks), so no event needs more than one `data` field.
 */

/** How long EventSource waits before reconnecting after the stream ends (ms). */
export const RECONNECT_MS = 2_000;

export function sseEvent(id: string, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function sseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}

export function sseRetry(ms: number): string {
  return `retry: ${ms}\n\n`;
}
