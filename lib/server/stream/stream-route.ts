/**
 * GET /api/v1/stream (app/api/v1/stream/route.ts is this, docs/api.md "Event streams"): the
 * subscription parsed from the query (lib/live/subscription.ts), the client's limits, then a
 * text/event-stream response that the process's stream service writes to until the client
 * leaves or the server stops.
 *
 * The response is never kept or compressed: its route's policy is `none` (the page cache hands
 * it on), and `Cache-Control: no-transform` keeps Next's compression (and its buffers) off it;
 * `X-Accel-Buffering: no` asks nginx not to buffer it either. A client that stops reading is
 * cut off once MAX_BUFFER bytes wait for it, and replays from its Last-Event-ID when it comes back.
 */
import { CLIENT_HEADER } from '@/lib/http/rate-limit';
import { parseSubscription } from '@/lib/live/subscription';
import type { StreamService } from './stream-service';
import type { StreamSink } from './hub';

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-store, no-transform',
  'X-Accel-Buffering': 'no',
};

function refusal(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

export async function answerStream(request: Request, service: StreamService): Promise<Response> {
  if (!service.config.enabled) return refusal(503, 'Event streams are turned off on this explorer (STRATA_STREAM=off).');
  const url = new URL(request.url);
  const parsed = parseSubscription(url.searchParams, service.served());
  if (!parsed.ok) return refusal(400, parsed.error);
  const lastEventId = request.headers.get('last-event-id')?.trim() || parsed.from;

  // server.ts's first stage wrote the client's key (lib/server/request-path/client-address.ts).
  const client = request.headers.get(CLIENT_HEADER) ?? 'unknown';
  const admission = await service.admit(client);
  if (!admission.ok) {
    return admission.reason === 'client'
      ? refusal(429, `Too many open streams from your address (at most ${service.config.perClient}): close one first.`, { 'Retry-After': '10' })
      : refusal(503, 'This explorer holds as many streams as it can: try again shortly.', { 'Retry-After': '10' });
  }

  const maxBuffer = service.config.maxBufferBytes;
  let leave: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        const sink: StreamSink = {
          write(bytes) {
            if (!open) return false;
            // desiredSize goes below zero by what waits unread.
            if ((controller.desiredSize ?? 0) < -maxBuffer) return false;
            controller.enqueue(bytes);
            return true;
          },
          close() {
            if (!open) return;
            open = false;
            leave?.();
            try {
              controller.close();
            } catch {
              // already cancelled by the client
            }
          },
        };
        const subscriber = service.attach(parsed.subscription, client, sink, lastEventId);
        leave = () => {
          leave = undefined;
          service.detach(subscriber);
          admission.release();
        };
        request.signal.addEventListener('abort', () => sink.close(), { once: true });
      },
      cancel() {
        leave?.();
      },
    },
    // Counted in bytes: desiredSize then says how much the client left unread.
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
  return new Response(body, { status: 200, headers: STREAM_HEADERS });
}
