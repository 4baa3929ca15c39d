/** The call object of eth_call and eth_estimateGas, from Etherscan's GET parameters or quais' POST form (./proxy.ts, CALL_PARAMS). */
import type { CallRequest } from '@/lib/rpc/domain';
import { addressParam, bigintParam, hexParam } from './params';

export function callRequestOf(params: URLSearchParams): CallRequest {
  const gas = bigintParam(params, 'gas') ?? bigintParam(params, 'gasLimit');
  const fields: Record<string, unknown> = {
    to: addressParam(params, 'to'),
    from: addressParam(params, 'from'),
    data: hexParam(params, 'data'),
    value: bigintParam(params, 'value'),
    gas,
    gasPrice: bigintParam(params, 'gasPrice'),
    maxFeePerGas: bigintParam(params, 'maxFeePerGas'),
    maxPriorityFeePerGas: bigintParam(params, 'maxPriorityFeePerGas'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as CallRequest;
}
