import type { RlpTreeNode } from '@/lib/protocol/rlp-tree';

/** Names of the items of `rlp([header, txs, uncles, etxs, subManifest])` (protocol notes). */
const BLOCK_ITEMS = ['header', 'transactions', 'uncles', 'external transactions', 'sub-manifest'];
const HEADER_FIELDS = [
  'parentHash', 'uncleHash', 'coinbase', 'root', 'txHash', 'etxHash', 'etxRollupHash', 'manifestHash',
  'receiptHash', 'difficulty', 'parentEntropy', 'parentDeltaS', 'number', 'gasLimit', 'gasUsed', 'baseFee',
  'location', 'time', 'extra', 'mixHash', 'nonce',
];

const MAX_SHOWN_HEX = 130; // 64 bytes; longer values are cut with the full value in the title

function labelsFor(path: readonly number[]): readonly string[] | undefined {
  if (path.length === 0) return BLOCK_ITEMS;
  if (path.length === 1 && path[0] === 0) return HEADER_FIELDS;
  return undefined;
}

function Node({ node, name, path }: { node: RlpTreeNode; name: string; path: readonly number[] }) {
  const where = <span className="text-muted">@{node.offset}</span>;
  if (node.kind === 'bytes') {
    const shown = node.hex.length > MAX_SHOWN_HEX ? `${node.hex.slice(0, MAX_SHOWN_HEX)}…` : node.hex;
    return (
      <li className="flex min-w-0 flex-wrap gap-x-2">
        <span className="text-muted">{name}</span>
        <span className="min-w-0 break-all" title={node.hex}>
          {node.length === 0 ? <span className="text-muted">(empty)</span> : shown}
        </span>
        <span className="text-muted">{node.length}B</span>
        {where}
      </li>
    );
  }
  const labels = labelsFor(path);
  return (
    <li>
      <details open={path.length < 2}>
        <summary className="cursor-pointer">
          <span className="text-muted">{name}</span> list of {node.items.length} {where}
        </summary>
        <ul className="ml-4 border-l border-border pl-3">
          {node.items.map((child, i) => (
            <Node key={i} node={child} name={labels?.[i] ?? `[${i}]`} path={[...path, i]} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** A decoded RLP tree with each item's byte offset; details/summary, so it folds without JavaScript. */
export function RlpTree({ root }: { root: RlpTreeNode }) {
  return (
    <ul className="overflow-x-auto font-mono text-xs leading-relaxed" data-testid="rlp-tree">
      <Node node={root} name="block" path={[]} />
    </ul>
  );
}
