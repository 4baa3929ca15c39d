import type { Metadata } from 'next';
import { BlockNotFound } from '@/components/block/BlockNotFound';

export const metadata: Metadata = { title: 'Block not found', robots: { index: false } };

export default function NotFound() {
  return <BlockNotFound />;
}
