/** A grey placeholder bar drawn in the real layout while data loads. */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-surface-2 ${className}`} />;
}
