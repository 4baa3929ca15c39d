/**
 * GET /api/v1/stream — server-sent events: a chain's blocks (or every chain's), an address's
 * transactions, a contract's logs (docs/api.md, "Event streams"). lib/server/stream/stream-route.ts.
 */
import { answerStream } from '@/lib/server/stream/stream-route';
import { streamService } from '@/lib/server/stream/process-stream';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return answerStream(request, streamService());
}
