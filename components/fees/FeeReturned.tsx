import { feeShortfall } from '@/lib/network/fee-shortfall';
import { plural } from '@/lib/text/format';

/**
 * "Asked N, got M, tip T" above the fee charts, with the reason they differ: the chain is younger
 * than N blocks, or the node returned fewer (or more) than it has.
 */
export function FeeReturned({
  asked,
  history,
  tip,
}: {
  asked: number;
  history: { readonly returnedBlocks: number; readonly oldestBlock: string };
  tip: string | null;
}) {
  const got = history.returnedBlocks;
  const shortfall = feeShortfall(asked, got, tip === null ? undefined : BigInt(tip));
  const odd = shortfall.reason === 'node-short' || shortfall.reason === 'node-long';
  return (
    <div className="space-y-1 text-sm" data-testid="fee-returned" data-reason={shortfall.reason}>
      <p>
        Asked for {plural(asked, 'block')}; the node returned <strong>{got}</strong>
        {got > 0 ? (
          <>
            {' '}(#{history.oldestBlock}–#{(BigInt(history.oldestBlock) + BigInt(got) - 1n).toString()})
          </>
        ) : null}
        {tip !== null ? <> · tip #{tip}</> : null}.
      </p>
      {shortfall.reason === 'complete' ? null : (
        <p className={odd ? 'text-bad' : 'text-muted'} role={odd ? 'alert' : undefined} data-testid="fee-shortfall">
          {odd ? 'The node answered something else: ' : null}
          {shortfall.message}
        </p>
      )}
    </div>
  );
}
