import type { Metadata } from 'next';
import { MissingPanel } from '@/components/ui/status/MissingPanel';
import { missingVerdict } from '@/lib/server/pipeline/route-data';

export const metadata: Metadata = { title: 'Block not found', robots: { index: false } };

export default async function NotFound() {
  return <MissingPanel missing={await missingVerdict()} fallback={{ title: 'No such block', reason: 'No chain served here has this block.' }} />;
}
