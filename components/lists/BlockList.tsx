import { getChain, type Chain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import type { ListedBlock, ListedUncle, ReorgedBlock } from '@/lib/index/readers/lists/block-list-reader';
import { gasUsedPercent, type BlockListPage } from '@/lib/server/block/block-list';
import { urls } from '@/lib/routes/urls';
import { DataTable } from '@/components/ui/layout/DataTable';
import { OrderBadge } from '@/components/ui/layout/Badge';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { Amount } from '@/components/ui/values/Amount';
import { Hash } from '@/components/ui/values/Hash';
import { PlainNumberTriple } from '@/components/ui/values/NumberTriple';
import { SoftLink } from '@/components/ui/values/SoftLink';

const TH = 'px-3 py-2 font-medium';
const TD = 'px-3 py-2';

/** The rows of a chain's Blocks, Uncles or Reorgs tab. */
export function BlockListRows({ chain, page }: { chain: Chain; page: BlockListPage }) {
  switch (page.tab) {
    case 'blocks':
      return <BlockTable chain={chain} blocks={page.list.items} />;
    case 'uncles':
      return <UncleTable chain={chain} uncles={page.list.items} />;
    case 'reorgs':
      return <ReorgTable chain={chain} blocks={page.list.items} />;
  }
}

/** A block's height in the listed chain, linked, with its order and [Prime, Region, Zone] numbers under it. */
function BlockCell({ chain, block }: { chain: Chain; block: Pick<ListedBlock, 'number' | 'numbers' | 'order' | 'zone' | 'hash'> }) {
  return (
    <td className={TD}>
      <SoftLink href={urls.block(chain.name, block.number)} className="mr-2 font-mono font-medium tabular-nums">
        #{formatInteger(block.number)}
      </SoftLink>
      {block.order !== null ? <OrderBadge order={block.order} /> : null}
      <div className="text-xs text-muted">
        <PlainNumberTriple numbers={block.numbers} title="[Prime, Region, Zone] numbers" />
        {chain.level < 2 ? ` · mined in ${getChain(block.zone).label}` : null}
      </div>
    </td>
  );
}

const unknown = <span className="text-muted">—</span>;

function BlockTable({ chain, blocks }: { chain: Chain; blocks: readonly ListedBlock[] }) {
  return (
    <DataTable caption={`Blocks of ${chain.label}, newest first`} className="list-table w-full text-sm" testId="block-list">
      <thead className="text-left text-xs text-muted">
        <tr className="border-b border-border">
          <th className={TH}>Block</th>
          <th className={TH}>Hash</th>
          <th className={`${TH} text-right`}>Age</th>
          <th className={`${TH} text-right`}>Transactions</th>
          <th className={`${TH} text-right`}>Uncles</th>
          <th className={TH}>Miner</th>
          <th className={`${TH} text-right`}>Gas used</th>
          <th className={`${TH} text-right`}>Base fee</th>
          <th className={`${TH} text-right`}>Difficulty</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {blocks.map((b) => {
          const percent = gasUsedPercent(b.gasUsed, b.gasLimit);
          return (
            <tr key={`${b.zone}:${b.number}`} data-testid="block-row" data-number={b.number.toString()} data-hash={b.hash}>
              <BlockCell chain={chain} block={b} />
              <td className={TD} data-label="Hash">
                <Hash value={b.hash} href={urls.block(chain.name, b.hash)} head={8} tail={4} />
              </td>
              <td className={`${TD} text-right text-muted`} data-label="Age">
                <Age timestamp={b.timestamp} />
              </td>
              <td className={`${TD} text-right tabular-nums`} data-label="Transactions">
                {b.transactions}
                {b.etxs ? <span className="text-xs text-muted"> · {b.etxs} ETX{b.etxs === 1 ? '' : 's'}</span> : null}
              </td>
              <td className={`${TD} text-right tabular-nums`} data-label="Uncles">{b.uncles ?? unknown}</td>
              <td className={TD} data-label="Miner">{b.miner ? <Address address={b.miner} /> : unknown}</td>
              <td className={`${TD} text-right tabular-nums`} data-label="Gas used">
                {b.gasUsed === null ? unknown : formatInteger(b.gasUsed)}
                {percent !== null ? <span className="text-xs text-muted"> ({percent.toFixed(2)} %)</span> : null}
              </td>
              <td className={`${TD} text-right`} data-label="Base fee">{b.baseFee === null ? unknown : <Amount wei={b.baseFee} unit="gwei" />}</td>
              <td className={`${TD} text-right tabular-nums`} data-label="Difficulty">{b.difficulty === null ? unknown : formatInteger(b.difficulty)}</td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

function UncleTable({ chain, uncles }: { chain: Chain; uncles: readonly ListedUncle[] }) {
  return (
    <DataTable caption={`Uncles included by ${chain.label}'s blocks, newest first`} className="list-table w-full text-sm" testId="uncle-list">
      <thead className="text-left text-xs text-muted">
        <tr className="border-b border-border">
          <th className={TH}>Uncle</th>
          <th className={`${TH} text-right`}>Its height</th>
          <th className={TH}>Included in</th>
          <th className={TH}>Miner</th>
          <th className={`${TH} text-right`}>Age</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {uncles.map((u) => (
          <tr key={`${u.blockNumber}:${u.position}`} data-testid="uncle-row" data-hash={u.hash ?? ''}>
            <td className={TD}>
              <SoftLink href={urls.uncle(chain.name, u.blockNumber, u.position)} className="font-mono">
                {u.hash ? <Hash value={u.hash} head={8} tail={4} /> : `uncle ${u.position} of #${formatInteger(u.blockNumber)}`}
              </SoftLink>
            </td>
            <td className={`${TD} text-right tabular-nums`} data-label="Its height">{u.number === null ? unknown : formatInteger(u.number)}</td>
            <td className={TD} data-label="Included in">
              <SoftLink href={urls.block(chain.name, u.blockNumber)} className="font-mono tabular-nums">#{formatInteger(u.blockNumber)}</SoftLink>
              <span className="text-xs text-muted"> (position {u.position})</span>
            </td>
            <td className={TD} data-label="Miner"><Address address={u.miner} /></td>
            <td className={`${TD} text-right text-muted`} data-label="Age"><Age timestamp={u.timestamp} /></td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function ReorgTable({ chain, blocks }: { chain: Chain; blocks: readonly ReorgedBlock[] }) {
  return (
    <DataTable caption={`Blocks of ${chain.label} the index saw replaced, newest first`} className="list-table w-full text-sm" testId="reorg-list">
      <thead className="text-left text-xs text-muted">
        <tr className="border-b border-border">
          <th className={TH}>Block</th>
          <th className={TH}>Replaced block</th>
          <th className={TH}>Replaced by</th>
          <th className={TH}>Miner</th>
          <th className={`${TH} text-right`}>Transactions</th>
          <th className={`${TH} text-right`}>Block time</th>
          <th className={`${TH} text-right`}>Replaced</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {blocks.map((r) => (
          <tr key={`${r.zone}:${r.hash}`} data-testid="reorg-row" data-number={r.number.toString()} data-hash={r.hash}>
            <BlockCell chain={chain} block={r} />
            {/* The node no longer has it: its hash is text, not a link. */}
            <td className={TD} data-label="Replaced block"><Hash value={r.hash} head={8} tail={4} /></td>
            <td className={TD} data-label="Replaced by">
              {r.replacedBy ? <Hash value={r.replacedBy} href={urls.block(r.zone, r.replacedBy)} head={8} tail={4} /> : <span className="text-muted">not indexed yet</span>}
            </td>
            <td className={TD} data-label="Miner">{r.miner ? <Address address={r.miner} /> : unknown}</td>
            <td className={`${TD} text-right tabular-nums`} data-label="Transactions">{r.transactions}</td>
            <td className={`${TD} text-right text-muted`} data-label="Block time"><Age timestamp={r.timestamp} /></td>
            <td className={`${TD} text-right text-muted`} data-label="Replaced"><time dateTime={r.replacedAt}>{r.replacedAt.replace('T', ' ').replace('Z', ' UTC')}</time></td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
