import { NOT_STORED_META } from '@/lib/server/page-cache/not-stored';

/**
 * Drawn by a page whose render is incomplete for a reason that may pass (lib/server/page-cache/not-stored.ts):
 * the store keeps no copy of it, so the next reader gets a fresh render.
 */
export function NotStored({ reason }: { reason: string }) {
  return <meta name={NOT_STORED_META} content={`no: ${reason}`} />;
}
