/**
 * A contract call sent through /api/address/<address>/call (`call` and `estimateGas` at the
 * page's block): the node's answer, or the message the reader sees when the explorer refused the
 * request or it never arrived. Both read-contract forms send with it, and the wallet forms
 * estimate their gas with it before anything is signed.
 */
import type { Hex } from 'viem';
import type { CallResponse } from '@/lib/wallet/call-types';
import { urls } from '@/lib/routes/urls';
import type { Result } from './contract-call';

/** `value`: wei sent with the call (a payable function's), none when omitted. */
export async function sendCall(address: string, request: { data: Hex; block: string; from: string; value?: bigint }): Promise<Result<CallResponse>> {
  try {
    const res = await fetch(urls.api.call(address), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: request.data, block: request.block, from: request.from, ...(request.value ? { value: request.value.toString() } : {}) }),
    });
    const json = (await res.json()) as CallResponse & { error?: string };
    if (!res.ok) return { ok: false, error: json.error ?? `The explorer answered ${res.status}.` };
    return { ok: true, value: json };
  } catch (error) {
    return { ok: false, error: `The request failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
