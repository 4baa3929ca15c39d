import type { Metadata } from 'next';
import { TxNotFound } from '@/components/tx/TxNotFound';

export const metadata: Metadata = { title: 'Transaction not found', robots: { index: false } };

export default function NotFound() {
  return <TxNotFound />;
}
