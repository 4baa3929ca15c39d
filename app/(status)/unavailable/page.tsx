import type { Metadata } from 'next';
import { ErrorPanel } from '@/components/ui/ErrorPanel';

export const metadata: Metadata = { title: 'Node unavailable', robots: { index: false } };

/**
 * Shown with HTTP 503 by proxy.ts when no configured chain's node answers. The browser's URL is
 * still the page the reader asked for, so Retry (a refresh) asks for it again; when the node is
 * back, the real page renders.
 */
export default async function Unavailable({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { why } = await searchParams;
  const reason = typeof why === 'string' ? why : undefined;
  return (
    <ErrorPanel
      title="The node is not answering"
      message="The explorer reads everything from the node, and no chain's node answered just now. Nothing is wrong with the address you asked for: retry in a moment."
      details={reason ? [`The node said: ${reason}`, 'This page will work again as soon as the node answers; nothing is cached from the failure.'] : undefined}
    />
  );
}
