import { Skeleton, SkeletonRows } from '@/components/ui/Skeleton';

/** The block page's layout drawn in grey while it loads. */
export function BlockSkeleton({ title = 'Loading block…' }: { title?: string }) {
  return (
    <div className="space-y-4" role="status" aria-label={title}>
      <Skeleton className="h-7 w-64" />
      <Skeleton className="h-8 w-80" />
      <div className="rounded-lg border border-border bg-surface">
        <SkeletonRows rows={12} />
      </div>
    </div>
  );
}
