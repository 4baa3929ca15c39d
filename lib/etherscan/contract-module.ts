/** The contract module's handler, shared by its action files: the verification tables' answer, through the context. */
import type { EtherscanContext, EtherscanRequest, ParamSpec } from './action';
import type { EtherscanAnswer } from './envelope';

export const CHAINID_PARAM: ParamSpec = { name: 'chainid', kind: 'decimal', description: "This network's chain id; another is refused." };

export function answerContract(request: EtherscanRequest, ctx: EtherscanContext): Promise<EtherscanAnswer> {
  return ctx.contract(request.params, request.method, request.client);
}
