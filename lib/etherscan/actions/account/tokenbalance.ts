import { concatHex, hexToBigInt, pad } from 'viem';
import { defineAction } from '../../action';
import { bad, ok } from '../../envelope';
import { addressParam, tagParam } from '../../params';
import { TAG_PARAM, workClient } from '../../proxy';

/** balanceOf(address) */
const BALANCE_OF = '0x70a08231';

export default defineAction({
  module: 'account',
  action: 'tokenbalance',
  summary: "An ERC-20 balance (the token's balanceOf, called at the tag on the token's zone within the gas cap), in the token's smallest unit.",
  params: [
    { name: 'contractaddress', kind: 'address', required: true, description: 'The token.' },
    { name: 'address', kind: 'address', required: true, description: 'The holder.' },
    TAG_PARAM,
  ],
  methods: ['GET'],
  zone: { from: 'address', params: ['contractaddress'] },
  // The token's code is the caller's choice (any contract, any holder): node work, answered per request.
  rateLimit: 'node-work',
  cache: 'none',
  envelope: 'etherscan',
  example: { contractaddress: '0x0000000000000000000000000000000000000000', address: '0x0000000000000000000000000000000000000001', tag: 'latest' },
  async handle(request, ctx) {
    const token = addressParam(request.params, 'contractaddress')!;
    const holder = addressParam(request.params, 'address')!;
    const out = await workClient(request, ctx).call({ request: { to: token, data: concatHex([BALANCE_OF, pad(holder)]) }, blockTag: tagParam(request.params) });
    if (out.length !== 66) return bad(`the contract answered balanceOf with ${(out.length - 2) / 2} bytes, not 32: is ${token} an ERC-20 token?`, 502);
    return ok(hexToBigInt(out).toString());
  },
});
