'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { Abi, Hex } from 'viem';
import { usePoll } from '@/components/ui/live/use-poll';
import { ChainText } from '@/components/ui/values/ChainText';
import { getChain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { revertReasonOf } from '@/lib/trace/decode-frame';
import { urls } from '@/lib/routes/urls';
import { isSettled, type TxOutcomeJson } from '@/lib/wallet/tx-outcome';
import type { SendStep } from './use-wallet-send';

/** A gas limit to offer when the node cannot estimate one: enough for most calls, the reader may change it. */
const FALLBACK_GAS = 300_000n;

/**
 * Where a wallet send stands, under its button: why it was refused, the gas estimate, the wait
 * for the wallet, then the transaction's hash (a link to its page) and its outcome from this
 * explorer's node, mined or reverted with the reason (a custom error decoded with `abi`). When the
 * node's simulation fails, the reason and a way to send anyway with a gas limit.
 */
export function SendProgress({
  step,
  abi,
  anywayLabel,
  onSendAnyway,
  testId,
}: {
  step: SendStep;
  abi?: Abi;
  anywayLabel: string;
  onSendAnyway: (gas: bigint) => void;
  testId: string;
}) {
  switch (step.kind) {
    case 'idle':
      return null;
    case 'refused':
      return (
        <p role="alert" className="text-sm text-bad" data-testid={`${testId}-refused`}>
          {step.reason}
        </p>
      );
    case 'estimating':
      return <p className="text-sm text-muted">Estimating the gas with this explorer’s node…</p>;
    case 'would-fail':
      return <WouldFail reason={step.reason} label={anywayLabel} onSendAnyway={onSendAnyway} testId={testId} />;
    case 'signing':
      return (
        <p className="text-sm" role="status" data-testid={`${testId}-signing`}>
          <GasLine gas={step.gas} estimate={step.estimate} /> Confirm it in your wallet…
        </p>
      );
    case 'sent':
      return (
        <div className="space-y-1 text-sm" data-testid={`${testId}-sent`}>
          <p>
            <GasLine gas={step.gas} estimate={step.estimate} /> Sent:{' '}
            <Link prefetch={false} href={urls.tx(step.hash)} className="break-all font-mono" data-testid={`${testId}-hash`}>
              {step.hash}
            </Link>
          </p>
          <Outcome hash={step.hash} abi={abi} testId={testId} />
        </div>
      );
  }
}

function GasLine({ gas, estimate }: { gas: bigint; estimate: bigint | null }) {
  return (
    <span data-testid="gas-estimate">
      {estimate === null ? `Gas limit ${formatInteger(gas)} (set by you).` : `Gas estimate ${formatInteger(estimate)} (limit ${formatInteger(gas)}).`}
    </span>
  );
}

function WouldFail({ reason, label, onSendAnyway, testId }: { reason: string; label: string; onSendAnyway: (gas: bigint) => void; testId: string }) {
  const [gasText, setGasText] = useState(FALLBACK_GAS.toString());
  const gas = /^\d{1,9}$/.test(gasText.trim()) ? BigInt(gasText.trim()) : null;
  return (
    <div className="space-y-2 rounded-md border border-warn/40 p-2 text-sm" data-testid={`${testId}-would-fail`}>
      <p role="alert">
        The node’s simulation of this call fails: <ChainText text={reason} className="font-medium" />. Nothing was sent. Sent anyway, it would most
        likely revert on chain and still cost its gas.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-xs text-muted">
          Gas limit
          <input
            value={gasText}
            onChange={(e) => setGasText(e.target.value)}
            inputMode="numeric"
            aria-invalid={gas === null}
            className="ml-2 w-32 rounded-md border border-border bg-bg px-2 py-1 font-mono text-sm text-fg"
          />
        </label>
        <button type="button" disabled={gas === null} onClick={() => gas !== null && onSendAnyway(gas)} className="rounded-md border border-border px-3 py-1 hover:bg-surface-2 disabled:opacity-60">
          {label}
        </button>
      </div>
    </div>
  );
}

async function fetchOutcome(hash: Hex): Promise<TxOutcomeJson> {
  const res = await fetch(urls.api.txOutcome(hash), { cache: 'no-store' });
  if (!res.ok) throw new Error(`the explorer answered ${res.status}`);
  return (await res.json()) as TxOutcomeJson;
}

function Outcome({ hash, abi, testId }: { hash: Hex; abi?: Abi; testId: string }) {
  const { data } = usePoll({
    queryKey: ['tx-outcome', hash],
    queryFn: () => fetchOutcome(hash),
    refetchInterval: (query) => (query.state.data && isSettled(query.state.data) ? false : 1_000),
  });
  if (!data || data.state === 'unknown' || data.state === 'pending') {
    return (
      <p className="text-muted" role="status" data-testid={`${testId}-outcome`} data-state="pending">
        Waiting for it to be mined…
      </p>
    );
  }
  if (data.state === 'mined') {
    return (
      <p className="text-ok" role="status" data-testid={`${testId}-outcome`} data-state="mined">
        Mined in {getChain(data.chain).label} block #{data.blockNumber}, {formatInteger(BigInt(data.gasUsed))} gas used.
      </p>
    );
  }
  const custom = data.reason === null && data.revertData && abi ? revertReasonOf(data.revertData as Hex, abi) : undefined;
  const reason = data.reason ?? (custom?.kind === 'reason' ? custom.text : null);
  return (
    <p className="text-bad" role="alert" data-testid={`${testId}-outcome`} data-state="reverted">
      Reverted in {getChain(data.chain).label} block #{data.blockNumber}, {formatInteger(BigInt(data.gasUsed))} gas used:{' '}
      {reason !== null ? <ChainText text={reason} className="font-medium" /> : `no reason to show (${data.reasonMissing ?? 'none given'})`}.
    </p>
  );
}
