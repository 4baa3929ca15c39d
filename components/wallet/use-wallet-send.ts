'use client';

/**
 * One transaction through the reader's wallet, step by step, for a Write contract form or a
 * Revoke button: refused before signing when the wallet may not send it (network, zone, owner);
 * the gas estimated by this explorer's node (`estimateGas` from the account, with the value); the
 * wallet asked to sign and send; then the hash, whose outcome <SendProgress> follows. A call the
 * node's simulation says fails is not sent unless the reader sends it anyway with a gas limit.
 */
import { useState } from 'react';
import type { Address, Hex } from 'viem';
import { sendCall } from '@/components/address/contract/send-call';
import { refusalNow, sendWithWallet, useWallet } from './wallet-store';

export type SendStep =
  | { readonly kind: 'idle' }
  /** Not sent, and why (nothing was signed). */
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'estimating' }
  /** The node's simulation fails: its reason; sending anyway needs a gas limit. */
  | { readonly kind: 'would-fail'; readonly reason: string }
  | { readonly kind: 'signing'; readonly gas: bigint; readonly estimate: bigint | null }
  | { readonly kind: 'sent'; readonly hash: Hex; readonly gas: bigint; readonly estimate: bigint | null };

export interface SendRequest {
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  /** The contract's owner when only it may send (a revoke). */
  readonly owner?: Address;
  /** A gas limit the reader set, to send without (or despite) the estimate. */
  readonly gas?: bigint;
}

/** Room above the estimate, as wallets leave it: state may change between the estimate and the block. */
const withMargin = (estimate: bigint) => (estimate * 12n) / 10n;

/** `chainId`: this explorer's network (decimal), which the wallet must be on; null when unknown. */
export function useWalletSend(chainId: string | null): { step: SendStep; run: (request: SendRequest) => Promise<void>; reset: () => void } {
  const { connection } = useWallet();
  const [step, setStep] = useState<SendStep>({ kind: 'idle' });

  async function run(request: SendRequest): Promise<void> {
    const rules = { expectedChainId: chainId === null ? null : BigInt(chainId), ...(request.owner ? { owner: request.owner } : {}) };
    const refused = refusalNow(request.to, rules);
    if (refused || !connection) return setStep({ kind: 'refused', reason: refused ?? 'Connect a wallet first.' });
    let estimate: bigint | null = null;
    if (request.gas === undefined) {
      setStep({ kind: 'estimating' });
      const answer = await sendCall(request.to, { data: request.data, block: 'latest', from: connection.account, value: request.value });
      if (!answer.ok) return setStep({ kind: 'refused', reason: `The gas could not be estimated: ${answer.error}` });
      if (answer.value.gas === undefined) return setStep({ kind: 'would-fail', reason: answer.value.gasError ?? answer.value.callError ?? 'no reason given' });
      estimate = BigInt(answer.value.gas);
    }
    const gas = request.gas ?? withMargin(estimate ?? 0n);
    setStep({ kind: 'signing', gas, estimate });
    const sent = await sendWithWallet({ to: request.to, data: request.data, value: request.value, gas }, rules);
    if (!sent.ok) return setStep({ kind: 'refused', reason: sent.error });
    setStep({ kind: 'sent', hash: sent.hash, gas, estimate });
  }

  return { step, run, reset: () => setStep({ kind: 'idle' }) };
}
