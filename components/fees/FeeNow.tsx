import { formatGweiAmount } from '@/lib/text/format';
import type { Figure } from '@/lib/network/fees-view';

function Value({ figure, method }: { figure: Figure; method: string }) {
  if (!figure.ok) return <span className="text-sm text-bad" title={figure.message}>{method} failed</span>;
  return (
    <span className="text-xl font-semibold tabular-nums" title={`${figure.wei} wei`}>
      {formatGweiAmount(BigInt(figure.wei), 6)}
    </span>
  );
}

/** The node's fee suggestions right now. */
export function FeeNow({ gasPrice, tip, nextBaseFee }: { gasPrice: Figure; tip: Figure; nextBaseFee: string | null }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3" data-testid="fee-now">
      <div className="card p-3">
        <dt className="text-xs text-muted" title="quai_gasPrice: the node's suggested price per gas">Gas price now</dt>
        <dd data-testid="gas-price"><Value figure={gasPrice} method="gasPrice" /></dd>
      </div>
      <div className="card p-3">
        <dt className="text-xs text-muted" title="quai_maxPriorityFeePerGas: the suggested tip">Priority fee now</dt>
        <dd data-testid="priority-fee"><Value figure={tip} method="maxPriorityFeePerGas" /></dd>
      </div>
      <div className="card p-3">
        <dt className="text-xs text-muted" title="The last baseFeePerGas entry of feeHistory: the next block's base fee">Next block&apos;s base fee</dt>
        <dd>{nextBaseFee !== null ? <Value figure={{ ok: true, wei: nextBaseFee }} method="" /> : <span className="text-sm text-muted">not reported</span>}</dd>
      </div>
    </dl>
  );
}
