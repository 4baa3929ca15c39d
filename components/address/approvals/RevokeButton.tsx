'use client';

import type { Address } from 'viem';
import { SendProgress } from '@/components/wallet/SendProgress';
import { useWalletSend } from '@/components/wallet/use-wallet-send';
import { APPROVAL_ABI, revokeCall, revokeText } from '@/lib/history/approval-calls';
import type { ApprovalKind } from '@/lib/decode/token-approvals';

/**
 * One approval's Revoke button: `approve(spender, 0)` or `setApprovalForAll(operator, false)` to
 * the token, sent through the connected wallet when its account is the owner (refused before
 * signing otherwise), the gas estimated first, then its outcome. The row keeps the amount it was
 * drawn with until the page is loaded again (the outcome stays in view: a new drawing would drop it).
 */
export function RevokeButton({ owner, token, kind, spender, chainId }: { owner: Address; token: Address; kind: ApprovalKind; spender: Address; chainId: string | null }) {
  const { step, run } = useWalletSend(chainId);
  const busy = step.kind === 'estimating' || step.kind === 'signing';
  const data = revokeCall(kind, spender);
  return (
    <div className="space-y-1">
      <button
        type="button"
        disabled={busy || step.kind === 'sent'}
        onClick={() => void run({ to: token, data, value: 0n, owner })}
        title={`Sends ${revokeText(kind)} to the token from your wallet`}
        className="rounded-md border border-border px-3 py-1 text-sm hover:bg-surface-2 disabled:opacity-60"
      >
        {busy ? 'Revoking…' : 'Revoke'}
      </button>
      <SendProgress
        step={step}
        abi={APPROVAL_ABI}
        anywayLabel="Revoke anyway"
        onSendAnyway={(gas) => void run({ to: token, data, value: 0n, owner, gas })}
        testId="revoke"
      />
    </div>
  );
}
