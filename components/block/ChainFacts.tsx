import Link from 'next/link';
import { Badge } from '@/components/ui/layout/Badge';
import { LEVEL_NAMES, parentChain, subordinateChains, type Chain, type ChainName } from '@/lib/protocol/chains';
import { urls } from '@/lib/routes/urls';

function ChainLink({ chain, configured }: { chain: Chain; configured: ReadonlySet<ChainName> }) {
  return configured.has(chain.name) ? <Link href={urls.chain(chain.name)}>{chain.label}</Link> : <span className="text-muted">{chain.label}</span>;
}

/** Where a chain sits in the hierarchy: its level, location, dominant and subordinate chains. */
export function ChainFacts({ chain, configured }: { chain: Chain; configured: ReadonlySet<ChainName> }) {
  const dominant = parentChain(chain);
  const subs = subordinateChains(chain);
  const range = chain.addressRange;
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <li>
        <Badge tone={LEVEL_NAMES[chain.level]}>{LEVEL_NAMES[chain.level]}</Badge>
      </li>
      <li>
        <span className="text-muted">location</span> <span className="font-mono">[{chain.location.join(', ')}]</span>
      </li>
      {dominant ? (
        <li>
          <span className="text-muted">dominant chain</span> <ChainLink chain={dominant} configured={configured} />
        </li>
      ) : null}
      {subs.length > 0 ? (
        <li>
          <span className="text-muted">subordinates</span>{' '}
          {subs.map((s, i) => (
            <span key={s.name}>
              {i > 0 ? ', ' : null}
              <ChainLink chain={s} configured={configured} />
            </span>
          ))}
        </li>
      ) : null}
      {range ? (
        <li>
          <span className="text-muted">owns addresses starting</span>{' '}
          <span className="font-mono">
            0x{range[0].toString(16).padStart(2, '0')}–0x{range[1].toString(16).padStart(2, '0')}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
