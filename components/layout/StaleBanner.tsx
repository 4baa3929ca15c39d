/**
 * The "node is not answering" banner of stored pages (lib/server/page-cache/write.ts). Every page
 * renders it hidden; when the node is down, the proxy serves a stored copy with the `hidden`
 * attribute removed. Being part of React's tree (only an attribute differs, which hydration
 * leaves alone with suppressHydrationWarning), it survives hydration; an element added outside
 * the tree would not.
 */
export function StaleBanner() {
  return (
    <div
      data-stale-banner="hidden"
      hidden
      suppressHydrationWarning
      role="status"
      data-testid="stale-banner"
      className="border-b border-warn/40 bg-warn/10 px-4 py-2 text-center text-sm text-fg"
    >
      The node is not answering. This is the copy of this page the explorer kept when it was read: a block by hash never
      changes. Pages that need the node will work again when it answers.
    </div>
  );
}
