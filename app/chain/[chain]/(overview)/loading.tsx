import { BlockSkeleton } from '@/components/block/BlockSkeleton';

export default function Loading() {
  return <BlockSkeleton title="Loading chain…" />;
}
