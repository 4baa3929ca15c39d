import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { AnswerBanner } from '@/components/ui/status/AnswerBanner';
import { AnswerFlag } from '@/components/ui/status/AnswerFlag';
import { Amount } from '@/components/ui/values/Amount';
import { Hash } from '@/components/ui/values/Hash';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';
import type { ChainName } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { BlockNumbers } from './header/BlockNumbers';
import { BytesView } from './header/BytesView';
import { chainsOfLocation } from './header/chain-links';
import type { UncleLookup } from '@/lib/server/block/load-uncle';
import { EntropyTriple } from './header/EntropyValue';
import { gasRatio } from './header/figures';
import { HashRows } from './header/HashRows';
import { HashTriple } from './header/HashTriple';
import { PowCheck } from './header/PowCheck';

/** An uncle: a competing header that a later block included, with its own proof-of-work check. */
export function UncleView({ data, configured }: { data: Extract<UncleLookup, { found: true }>; configured: ReadonlySet<ChainName> }) {
  const { uncle, including, index, answers } = data;
  const chain = including.chain;
  const levelChains = chainsOfLocation(uncle.location, chain);
  const includingHeight = including.block.number[chain.level];
  return (
    <div className="space-y-4">
      <AnswerBanner report={answers} node={`The ${chain.label} node`} />
      <header className="space-y-2">
        <p className="text-xs uppercase tracking-wide text-muted">{chain.label} · uncle</p>
        <h1 className="text-xl font-semibold tracking-tight">
          Uncle #{index} of block{' '}
          <Link href={urls.block(chain.name, including.block.hash)}>{formatInteger(includingHeight)}</Link>
        </h1>
        <p className="text-sm">
          <Hash value={uncle.hash} copy head={16} tail={12} />
        </p>
        <AnswerFlag report={answers} field="uncle hash" />
        <p className="text-sm text-muted">
          An uncle is a valid block that lost the race to extend the chain; block {formatInteger(includingHeight)} includes its header
          (not its transactions) and its miner is still rewarded.
        </p>
      </header>
      <InfoTable title="Uncle header">
        <InfoRow label="Uncle hash">
          <Hash value={uncle.hash} full copy />
        </InfoRow>
        <InfoRow label="Included by">
          <Hash value={including.block.hash} href={urls.block(chain.name, including.block.hash)} full copy />
        </InfoRow>
        <InfoRow label="Number [Prime, Region, Zone]">
          <BlockNumbers numbers={uncle.number} chains={levelChains} configured={configured} order={uncle.order ?? 2} />
        </InfoRow>
        <InfoRow label="Timestamp">
          <Age timestamp={uncle.timestamp} toggle />
        </InfoRow>
        <InfoRow label="Proof of work">
          <PowCheck header={uncle} />
        </InfoRow>
        <InfoRow label="Miner">
          <Address address={uncle.miner} full copy zone />
        </InfoRow>
        <InfoRow label="Difficulty">
          <span className="tabular-nums">{formatInteger(uncle.difficulty)}</span>
        </InfoRow>
        <InfoRow label="Gas used / limit">
          {formatInteger(uncle.gasUsed)} / {formatInteger(uncle.gasLimit)}{' '}
          <span className="text-muted">({gasRatio(uncle.gasUsed, uncle.gasLimit)})</span>
        </InfoRow>
        <InfoRow label="Base fee per gas">
          <Amount wei={uncle.baseFeePerGas} unit="gwei" exact />
        </InfoRow>
        <InfoRow label="Parent hashes">
          <HashTriple hashes={uncle.parentHash} chains={levelChains} configured={configured} link />
        </InfoRow>
        <InfoRow label="Manifest hashes">
          <HashTriple hashes={uncle.manifestHash} chains={levelChains} configured={configured} link={false} />
        </InfoRow>
        <InfoRow label="Parent entropy">
          <EntropyTriple values={uncle.parentEntropy} />
        </InfoRow>
        <InfoRow label="Parent ΔS">
          <EntropyTriple values={uncle.parentDeltaS} />
        </InfoRow>
        <HashRows
          rows={[
            ['State root', uncle.stateRoot],
            ['Transactions root', uncle.transactionsRoot],
            ['Receipts root', uncle.receiptsRoot],
          ]}
        />
        <InfoRow label="Nonce">
          <span className="font-mono">{uncle.nonce}</span>
        </InfoRow>
        <InfoRow label="Location">
          <span className="font-mono">{uncle.location}</span>
        </InfoRow>
        <InfoRow label="Extra data">
          <BytesView hex={uncle.extraData} />
        </InfoRow>
      </InfoTable>
    </div>
  );
}
