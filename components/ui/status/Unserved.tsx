import type { ReactNode } from 'react';

/**
 * A section the node does not serve (it answered "method not found", e.g. txpool_* or debug_*
 * on a default go-quai node). Says so plainly instead of failing the page.
 */
export function Unserved({ feature, method, children }: { feature: string; method: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">
      <p>
        <span className="font-medium text-fg">{feature}</span> is not available: the node does not serve{' '}
        <code className="font-mono">{method}</code> (it answered “method not found”). Nodes enable it with their
        HTTP API settings.
      </p>
      {children}
    </div>
  );
}
