/**
 * The read- and write-contract forms' node access: `call` and `estimateGas` together on the zone
 * that owns the address, at the page's "as of" block, through the zone's client for callers' node
 * work (within the gas cap, in its lane: lib/rpc/work-lane.ts). Each may fail on its own, and the
 * answer says which; only both failing because the node is down (or its lane is full) is a
 * failure of the whole.
 */
import type { Address, Hex } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import type { CallResponse } from '@/lib/wallet/call-types';
import type { AsOf } from '@/lib/routes/params/address-params';
import { getWorkClients } from '@/lib/server/node/clients';
import { describeFailure, isNodeBusy, isNodeDown } from '@/lib/server/node/node-errors';

export interface ContractCall {
  readonly to: Address;
  readonly data: Hex;
  readonly from?: Address;
  readonly value?: bigint;
  readonly block: AsOf;
}

export type ContractCallResult =
  /** The address's zone is not one this explorer reads. */
  | { readonly kind: 'unconfigured'; readonly message: string }
  | { readonly kind: 'node-down'; readonly message: string }
  /** The zone's lane of callers' node work is full: ask again after `retryAfterSeconds`. */
  | { readonly kind: 'busy'; readonly message: string; readonly retryAfterSeconds: number }
  | { readonly kind: 'answered'; readonly response: CallResponse };

export async function callContract({ to, data, from, value, block }: ContractCall): Promise<ContractCallResult> {
  const zone = zoneOf(to);
  const client = getWorkClients().get(zone.name);
  if (!client) return { kind: 'unconfigured', message: `${to} lives in ${zone.label}, which this explorer does not serve.` };

  const request = { to, data, ...(from !== undefined ? { from } : {}), ...(value !== undefined ? { value } : {}) };
  const [result, gas] = await Promise.allSettled([
    client.call({ request, blockTag: block }),
    client.estimateGas({ request, blockTag: block }),
  ]);
  if (result.status === 'rejected' && gas.status === 'rejected' && isNodeBusy(result.reason)) {
    return { kind: 'busy', message: describeFailure(result.reason), retryAfterSeconds: result.reason.retryAfterSeconds };
  }
  if (result.status === 'rejected' && gas.status === 'rejected' && isNodeDown(result.reason)) {
    return { kind: 'node-down', message: describeFailure(result.reason) };
  }
  return {
    kind: 'answered',
    response: {
      block: block.toString(),
      ...(result.status === 'fulfilled' ? { result: result.value } : { callError: describeFailure(result.reason) }),
      ...(gas.status === 'fulfilled' ? { gas: gas.value.toString() } : { gasError: describeFailure(gas.reason) }),
    },
  };
}
