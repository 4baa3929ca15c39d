import type { Address as AddressType } from 'viem';
import { Address } from '@/components/ui/values/Address';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';
import type { CodeProxy } from '@/lib/server/contracts/load-code-abis';
import { formatInteger } from '@/lib/text/format';

const TITLE: Record<CodeProxy['standard'], string> = {
  'EIP-1167': 'EIP-1167 minimal proxy (clone)',
  'ERC-7511': 'ERC-7511 minimal proxy (clone)',
  beacon: 'EIP-1967 beacon proxy',
  diamond: 'EIP-2535 Diamond',
};

/**
 * A proxy other than EIP-1967's, as its code and its calls say: a clone's implementation (written
 * in its code, the code proven against the state root), a beacon proxy's beacon (its proven slot)
 * and implementation (the beacon's answer), a Diamond's facets (its loupe's answer).
 */
export function CodeProxyFacts({ proxy, blockNumber }: { proxy: CodeProxy; blockNumber: bigint }) {
  return (
    <div data-testid="code-proxy" data-standard={proxy.standard}>
      <InfoTable title={TITLE[proxy.standard]}>
        {proxy.standard === 'EIP-1167' || proxy.standard === 'ERC-7511' ? (
          <InfoRow label="Implementation" hint="The address the clone's code delegates every call to">
            <div className="space-y-1" data-testid="clone-implementation">
              <Address address={proxy.implementation} full copy zone />
              <p className="text-xs text-muted">written in this contract’s code, whose hash is proven against block #{blockNumber.toString()}’s state root</p>
            </div>
          </InfoRow>
        ) : null}
        {proxy.standard === 'beacon' ? (
          <>
            <InfoRow label="Beacon" hint="EIP-1967's beacon slot">
              <div className="space-y-1" data-testid="beacon-address">
                <Address address={proxy.beacon} full copy zone />
                <p className="text-xs text-muted">beacon slot read with getProof at block #{blockNumber.toString()} and proven against its state root</p>
              </div>
            </InfoRow>
            <InfoRow label="Implementation">
              <div className="space-y-1" data-testid="beacon-implementation">
                {proxy.implementation ? <Address address={proxy.implementation} full copy zone /> : <span className="text-bad">{proxy.problem}</span>}
                <p className="text-xs text-muted">as the beacon’s implementation() answers at that block (a call: the node’s word)</p>
              </div>
            </InfoRow>
          </>
        ) : null}
        {proxy.standard === 'diamond' ? <Facets facets={proxy.facets} /> : null}
      </InfoTable>
    </div>
  );
}

function Facets({ facets }: { facets: Extract<CodeProxy, { standard: 'diamond' }>['facets'] }) {
  return (
    <InfoRow label="Facets" hint="As the Diamond's loupe, facets(), answers (a call: the node's word)">
      <ul className="space-y-1" data-testid="diamond-facets">
        {facets.map((f: { address: AddressType; selectors: readonly string[] }) => (
          <li key={f.address} data-testid="diamond-facet" data-facet={f.address.toLowerCase()}>
            <Address address={f.address} zone /> <span className="text-xs text-muted">{formatInteger(f.selectors.length)} functions: </span>
            <span className="break-all font-mono text-xs text-muted">{f.selectors.join(' ')}</span>
          </li>
        ))}
      </ul>
    </InfoRow>
  );
}
