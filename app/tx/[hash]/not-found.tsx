import type { Metadata } from 'next';
import { MissingPanel } from '@/components/ui/status/MissingPanel';
import { missingVerdict } from '@/lib/server/pipeline/route-data';

export const metadata: Metadata = { title: 'Transaction not found', robots: { index: false } };

export default async function NotFound() {
  return <MissingPanel missing={await missingVerdict()} fallback={{ title: 'No such transaction', reason: 'No zone served here knows this transaction: it is neither mined nor waiting in a pool.' }} />;
}
