/**
 * A contract call sent as a transaction and mined, for specs that look at what it did inside
 * (e2e/pages/trace.spec.ts): encoded with the contract's ABI, with a fixed gas limit so that a call
 * meant to revert (which cannot be estimated) is still sent.
 */
import { encodeFunctionData, type Abi, type Address, type Hex } from 'viem';
import { nonceOf, sendRaw, signAt, waitForReceipt, type TestAccount } from './chain-actions';

/** Sends `fn(args)` to `to` with `value` from `from` and waits for it: its hash and status ("0x1" success, "0x0" reverted). */
export async function sendCall(url: string, from: TestAccount, to: Address, call: { abi: Abi; functionName: string; args?: readonly unknown[] }, value = 0n): Promise<{ hash: Hex; status: string }> {
  const data = encodeFunctionData(call);
  const raw = await signAt(from, await nonceOf(url, from.address), { to, value, gas: 500_000n, data });
  const hash = await sendRaw(url, raw);
  const { status } = await waitForReceipt(url, hash, 90_000);
  return { hash, status };
}
