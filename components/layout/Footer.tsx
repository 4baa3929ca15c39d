import { NETWORKS } from '@/lib/protocol/chains';

/** The site footer: what this explorer is connected to, honestly. */
export function Footer({ chainCount, namespace, chainId }: { chainCount: number; namespace: string; chainId?: bigint }) {
  const network = chainId === undefined ? undefined : NETWORKS[Number(chainId)];
  return (
    <footer className="mt-12 border-t border-border">
      <div className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-1 px-4 py-6 text-xs text-muted">
        <span>Strata — an open-source explorer for Quai Network&apos;s hierarchical chain</span>
        <span>
          {chainCount} chain{chainCount === 1 ? '' : 's'} configured · namespace <code>{namespace}_</code>
          {network ? ` · network ${network}` : ''}
        </span>
        <span>Every figure is read from the node; nothing is estimated unless it says so.</span>
      </div>
    </footer>
  );
}
