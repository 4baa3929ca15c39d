import type { Metadata } from 'next';
import { MissingPanel } from '@/components/ui/status/MissingPanel';
import { missingVerdict } from '@/lib/server/pipeline/route-data';

export const metadata: Metadata = { title: 'Transaction not found', robots: { index: false } };

export default async function NotFound() {
  return <MissingPanel missing={await missingVerdict()} fallback={{ title: 'No transaction with this nonce yet', reason: 'The index holds no transaction of this address with this nonce: it may not be sent yet, or not indexed yet.' }} />;
}
