import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { Amount } from '@/components/ui/values/Amount';
import { OrderBadge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';
import type { Chain, ChainName } from '@/lib/protocol/chains';
import { formatBytes, formatInteger, plural } from '@/lib/text/format';
import { intrinsicEntropy } from '@/lib/protocol/entropy';
import type { Block } from '@/lib/rpc/domain';
import { BlockNumbers } from './header/BlockNumbers';
import { CoincidentRow } from './header/CoincidentRow';
import { AnswerFlag } from '@/components/ui/status/AnswerFlag';
import type { AnswerReport } from '@/lib/checks/answer';
import { ExtraData } from './header/ExtraData';
import { chainsOfLocation } from './header/chain-links';
import { EntropyTriple, EntropyValue } from './header/EntropyValue';
import { gasRatio } from './header/figures';
import { HashRows } from './header/HashRows';
import { HashTriple } from './header/HashTriple';
import { PowCheck } from './header/PowCheck';

/** The block's header fields and figures, as one table. */
export function BlockOverview({
  chain,
  block,
  configured,
  answers,
}: {
  chain: Chain;
  block: Block<'full'> | Block<'hashes'>;
  configured: ReadonlySet<ChainName>;
  /** The answer checks: a failed one is flagged beside its field. */
  answers?: AnswerReport;
}) {
  const levelChains = chainsOfLocation(block.location, chain);
  return (
    <InfoTable title="Overview">
      <InfoRow label="Block hash">
        <Hash value={block.hash} full copy />
        <AnswerFlag report={answers} field="hash" />
        <AnswerFlag report={answers} field="hash (recomputed from the header)" />
      </InfoRow>
      <InfoRow label="Number [Prime, Region, Zone]" hint="This block's height on prime, on its region and on its zone">
        <BlockNumbers numbers={block.number} chains={levelChains} configured={configured} order={block.order} />
        <AnswerFlag report={answers} field={`number[${chain.level}]`} />
      </InfoRow>
      <InfoRow label="Order" hint="The highest level the block is coincident in (from its entropy)">
        <span className="inline-flex flex-wrap items-center gap-2">
          <OrderBadge order={block.order} />
          <span className="text-xs text-muted">
            {block.order === 0
              ? 'a prime block: also in its region and zone'
              : block.order === 1
                ? 'a region block: also in its zone'
                : 'a zone block'}
          </span>
        </span>
        <AnswerFlag report={answers} field="order" />
      </InfoRow>
      <CoincidentRow chain={chain} block={block} levelChains={levelChains} configured={configured} />
      <InfoRow label="Chain · location">
        {chain.label} <span className="font-mono text-xs text-muted">{block.location}</span>
        <AnswerFlag report={answers} field="location" />
      </InfoRow>
      <InfoRow label="Timestamp">
        <Age timestamp={block.timestamp} toggle />
      </InfoRow>
      <InfoRow label="Proof of work">
        <PowCheck header={block} />
      </InfoRow>
      <InfoRow label="Miner" hint="Recipient of the block reward">
        <Address address={block.miner} full copy zone />
      </InfoRow>
      <InfoRow label="Transactions">
        {/* The body's own list: a count that disagrees with it is flagged, not shown as the figure. */}
        {plural(block.transactions.length, 'transaction')} ·{' '}
        {formatInteger(block.extTransactions.length)} external · {plural(block.uncles.length, 'uncle')}
        <AnswerFlag report={answers} field="transaction count" />
        <AnswerFlag report={answers} field="transactions" />
      </InfoRow>
      <InfoRow label="Gas used / limit">
        <span className="tabular-nums">
          {formatInteger(block.gasUsed)} / {formatInteger(block.gasLimit)}{' '}
          <span className="text-muted">({gasRatio(block.gasUsed, block.gasLimit)})</span>
        </span>
      </InfoRow>
      <InfoRow label="Base fee per gas">
        <Amount wei={block.baseFeePerGas} unit="gwei" exact />
      </InfoRow>
      <InfoRow label="Difficulty">
        <span className="tabular-nums">{formatInteger(block.difficulty)}</span>
      </InfoRow>
      <InfoRow label="Total entropy" hint="Accumulated entropy of the chain up to this block, in bits (exact value = bits × 2^64)">
        <EntropyValue value={block.totalEntropy} />
      </InfoRow>
      <InfoRow label="Block entropy S" hint="This block's own entropy from its hash: 2^64·log2(2^256/hash)">
        <EntropyValue value={intrinsicEntropy(block.hash)} />
      </InfoRow>
      <InfoRow label="Parent entropy">
        <EntropyTriple values={block.parentEntropy} />
      </InfoRow>
      <InfoRow label="Parent ΔS">
        <EntropyTriple values={block.parentDeltaS} />
      </InfoRow>
      <InfoRow label="Parent hashes">
        <HashTriple hashes={block.parentHash} chains={levelChains} configured={configured} link />
      </InfoRow>
      <InfoRow label="Manifest hashes" hint="Trie root of the parent's manifest at each level">
        <HashTriple hashes={block.manifestHash} chains={levelChains} configured={configured} link={false} />
      </InfoRow>
      <HashRows
        rows={[
          ['State root', block.stateRoot],
          ['Transactions root', block.transactionsRoot],
          ['ETX root', block.extTransactionsRoot],
          ['ETX rollup root', block.extRollupRoot],
          ['Receipts root', block.receiptsRoot],
          ['Uncles hash', block.sha3Uncles],
          ...(block.mixHash ? [['Mix hash', block.mixHash] as const] : []),
        ]}
      />
      <InfoRow label="Nonce">
        <span className="font-mono">{block.nonce}</span>
      </InfoRow>
      <InfoRow label="Extra data">
        <ExtraData hex={block.extraData} />
      </InfoRow>
      <InfoRow label="Size">
        {formatBytes(block.size)} <span className="text-muted">({formatInteger(block.size)} bytes)</span>
      </InfoRow>
    </InfoTable>
  );
}
