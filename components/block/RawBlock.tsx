import { CopyableHex } from '@/components/ui/values/CopyableHex';
import { Unserved } from '@/components/ui/status/Unserved';
import type { RawBlockVerdict } from '@/lib/checks/raw-block';
import type { RawBlockData } from '@/lib/server/block/load-raw-block';
import { RlpTree } from './RlpTree';

/**
 * The raw tab: `debug_getBlockRlp` as hex and as a decoded tree, and `debug_printBlock`, as
 * `loadRawBlock` read them. The debug methods take a height, so the node answers with whatever
 * block is at that height now; the tab says so when that is not the block on this page.
 */
export function RawBlock({ raw }: { raw: RawBlockData }) {
  const { height, rlp, printed } = raw;

  return (
    <div className="space-y-6 p-4">
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Block RLP</h3>
        {rlp.served ? <RlpSection verdict={rlp.value} height={height} /> : (
          <Unserved feature="The raw block" method="debug_getBlockRlp" />
        )}
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Node&apos;s printout</h3>
        {printed.served ? (
          // Focusable, so a keyboard can scroll it.
          <pre tabIndex={0} className="max-h-[32rem] overflow-auto rounded bg-surface-2 p-3 font-mono text-xs" data-testid="print-block">
            {printed.value}
          </pre>
        ) : (
          <Unserved feature="The node's block printout" method="debug_printBlock" />
        )}
      </section>
    </div>
  );
}

function RlpSection({ verdict, height }: { verdict: RawBlockVerdict; height: bigint }) {
  const { hex, bytes, parsed, headerHash, matches } = verdict;
  return (
    <>
      <p className="text-xs text-muted">
        <code className="font-mono">rlp([header, transactions, uncles, external transactions, sub-manifest])</code>, {bytes} bytes,
        from <code className="font-mono">debug_getBlockRlp({height.toString()})</code>.
        {matches === undefined ? null : matches ? (
          <> Its header hashes to this block&apos;s hash.</>
        ) : (
          <span className="text-warn">
            {' '}
            Its header hashes to {headerHash}, not to this block: the node&apos;s block at height {height.toString()} is now a
            different block, or its header layout differs from the one this explorer decodes.
          </span>
        )}
      </p>
      <CopyableHex value={hex} label="Copy RLP" height="medium" testId="raw-rlp" />
      {'tree' in parsed ? <RlpTree root={parsed.tree} /> : <p className="text-sm text-bad">The RLP does not decode: {parsed.error}</p>}
    </>
  );
}
