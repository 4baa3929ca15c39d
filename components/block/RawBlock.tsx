import type { Hex } from 'viem';
import { CopyableHex } from '@/components/ui/CopyableHex';
import { Unserved } from '@/components/ui/Unserved';
import type { Chain } from '@/lib/chains';
import { blockHash, decodeBlockRlp } from '@/lib/protocol/header';
import { decodeRlpTree, type RlpTreeNode } from '@/lib/protocol/rlp-tree';
import type { Block } from '@/lib/rpc/domain';
import { optional } from '@/lib/server/node-errors';
import { clientOf } from '@/lib/server/clients';
import { RlpTree } from './RlpTree';

function tryTree(rlp: Hex): { tree: RlpTreeNode } | { error: string } {
  try {
    return { tree: decodeRlpTree(rlp) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function headerHashOf(rlp: Hex): string | undefined {
  try {
    return blockHash(decodeBlockRlp(rlp).header);
  } catch {
    return undefined;
  }
}

/**
 * The raw tab: `debug_getBlockRlp` as hex and as a decoded tree, and `debug_printBlock`, both
 * fetched in one batch. The debug methods take a height, so the node answers with whatever block
 * is at that height now; the tab says so when that is not the block on this page.
 */
export async function RawBlock({ chain, block }: { chain: Chain; block: Block<'full'> | Block<'hashes'> }) {
  const client = clientOf(chain);
  const height = block.number[chain.level];
  const [rlp, printed] = await Promise.all([
    optional('debug_getBlockRlp', () => client.getBlockRlp({ height })),
    optional('debug_printBlock', () => client.printBlock({ height })),
  ]);

  return (
    <div className="space-y-6 p-4">
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Block RLP</h3>
        {rlp.served ? <RlpSection rlp={rlp.value} expectedHash={block.hash} height={height} /> : (
          <Unserved feature="The raw block" method="debug_getBlockRlp" />
        )}
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Node&apos;s printout</h3>
        {printed.served ? (
          <pre className="max-h-[32rem] overflow-auto rounded bg-surface-2 p-3 font-mono text-xs" data-testid="print-block">
            {printed.value}
          </pre>
        ) : (
          <Unserved feature="The node's block printout" method="debug_printBlock" />
        )}
      </section>
    </div>
  );
}

function RlpSection({ rlp, expectedHash, height }: { rlp: Hex; expectedHash: Hex; height: bigint }) {
  const hex = (rlp.startsWith('0x') ? rlp : `0x${rlp}`) as Hex;
  const parsed = tryTree(hex);
  const decodedHash = headerHashOf(hex);
  const bytes = (hex.length - 2) / 2;
  return (
    <>
      <p className="text-xs text-muted">
        <code className="font-mono">rlp([header, transactions, uncles, external transactions, sub-manifest])</code>, {bytes} bytes,
        from <code className="font-mono">debug_getBlockRlp({height.toString()})</code>.
        {decodedHash === undefined ? null : decodedHash.toLowerCase() === expectedHash.toLowerCase() ? (
          <> Its header hashes to this block&apos;s hash.</>
        ) : (
          <span className="text-warn">
            {' '}
            Its header hashes to {decodedHash}, not to this block: the node&apos;s block at height {height.toString()} is now a
            different block, or its header layout differs from the one this explorer decodes.
          </span>
        )}
      </p>
      <CopyableHex value={hex} label="Copy RLP" height="medium" testId="raw-rlp" />
      {'tree' in parsed ? <RlpTree root={parsed.tree} /> : <p className="text-sm text-bad">The RLP does not decode: {parsed.error}</p>}
    </>
  );
}
