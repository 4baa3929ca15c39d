import { Badge } from '@/components/ui/layout/Badge';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';
import { proven } from '@/lib/checks/proof-outcome';
import { formatBytes, formatInteger, formatQuai, formatWei } from '@/lib/text/format';
import type { AddressState, Read } from '@/lib/server/address/load-address';
import { ProvenMark } from './ProofStatus';

function show<T>(r: Read<T>, render: (v: T) => React.ReactNode, method: string): React.ReactNode {
  if (r.ok) return render(r.value);
  return <span className="text-bad">{method} failed: {r.message}</span>;
}

/** Whether the value is tied to the block's state by a verified proof, and whether the plain answer differs from it. */
function mark(state: AddressState, label: string) {
  const isProven = state.verdict !== undefined && proven(state.verdict.outcome);
  const differs = state.verdict?.consistency.find((c) => c.label === label)?.ok === false;
  return <ProvenMark proven={isProven} differs={isProven && differs} />;
}

/** The Overview table: balance, nonce and code as the node answered, each marked when the account proof backs it. */
export function StateFigures({ state }: { state: AddressState }) {
  return (
    <InfoTable title="Overview">
      <InfoRow label="Balance">
        {show(state.balance, (b) => (
          <>
            <span data-testid="balance">
              <span className="font-medium">{formatQuai(b, 18)}</span>
              <span className="ml-2 text-xs text-muted">{formatWei(b)}</span>
            </span>
            {mark(state, 'getBalance matches the proof')}
          </>
        ), 'getBalance')}
      </InfoRow>
      <InfoRow label="Nonce" hint="Transactions sent from this address (getTransactionCount)">
        {show(state.nonce, (n) => (
          <>
            <span className="tabular-nums" data-testid="nonce">{formatInteger(n)}</span>
            {mark(state, 'getTransactionCount matches the proof')}
          </>
        ), 'getTransactionCount')}
      </InfoRow>
      <InfoRow label="Code">
        {show(state.code, (c) =>
          c === '0x' ? (
            <>
              <span className="text-muted">none (an externally owned account, or no contract yet)</span>
              {mark(state, 'getCode hashes to the proven codeHash')}
            </>
          ) : (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="region">contract</Badge>
              <span data-testid="code-size">{formatBytes((c.length - 2) / 2)}</span>
              <a href="#code">view the code</a>
              {mark(state, 'getCode hashes to the proven codeHash')}
            </span>
          ), 'getCode')}
      </InfoRow>
    </InfoTable>
  );
}
