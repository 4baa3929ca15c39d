/**
 * Reads server-sent events from a byte stream, for the clients that are not a browser's
 * EventSource: the tests, the bench and the docs' Node example. Follows the WHATWG parsing
 * rules for the fields Strata writes (id, event, data, retry; comments ignored).
 */

export interface SseMessage {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: string;
}

/** Feeds text in, calls `onMessage` for each complete event. */
export function sseParser(onMessage: (message: SseMessage) => void, onComment?: (text: string) => void): (chunk: string) => void {
  let buffer = '';
  let id: string | undefined;
  let event = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const newline = buffer.search(/\r\n|\r|\n/);
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) onMessage({ id, event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) {
        onComment?.(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  };
}
