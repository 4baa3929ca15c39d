import { memo } from 'react';
import type { ChainTip } from '@/lib/network/tips-types';
import { ChainCard } from './ChainCard';

/**
 * Every configured chain, laid out as the hierarchy: prime on top, then one column per region
 * with its zones beneath it. Chains that are not configured are simply absent.
 */
export const ChainGrid = memo(function ChainGrid({ chains }: { chains: readonly ChainTip[] }) {
  const prime = chains.filter((c) => c.level === 0);
  const regionIndexes = [0, 1, 2].filter((r) => chains.some((c) => c.level > 0 && regionOf(c) === r));
  return (
    <section aria-labelledby="chains-heading" className="space-y-3">
      <h2 id="chains-heading" className="text-base font-semibold">
        Chains
      </h2>
      {prime.length > 0 ? (
        // Prime sits above the middle region column: the hierarchy reads as a tree.
        <div className="grid gap-3 md:grid-cols-3">
          {prime.map((tip) => (
            <div key={tip.chain} className="md:col-start-2">
              <ChainCard tip={tip} />
            </div>
          ))}
        </div>
      ) : null}
      <div className="grid gap-3 md:grid-cols-3">
        {regionIndexes.map((r) => (
          <div key={r} className="space-y-3">
            {chains
              .filter((c) => c.level > 0 && regionOf(c) === r)
              .map((tip) => (
                <ChainCard key={tip.chain} tip={tip} />
              ))}
          </div>
        ))}
      </div>
    </section>
  );
});

/** Region index from the chain name (cyprus 0, paxos 1, hydra 2). */
function regionOf(tip: ChainTip): number {
  if (tip.chain.startsWith('cyprus')) return 0;
  if (tip.chain.startsWith('paxos')) return 1;
  return 2;
}
