import { hexToBigInt } from 'viem';
import { defineAction } from '../../action';
import { bad, ok } from '../../envelope';
import { addressParam } from '../../params';
import { zoneClient } from '../../proxy';

/** totalSupply() */
const TOTAL_SUPPLY = '0x18160ddd';

export default defineAction({
  module: 'stats',
  action: 'tokensupply',
  summary: "An ERC-20 token's total supply (its totalSupply(), called at the zone's latest block on the token's zone), in the token's smallest unit.",
  params: [{ name: 'contractaddress', kind: 'address', required: true, description: 'The token.' }],
  methods: ['GET'],
  zone: { from: 'address', params: ['contractaddress'] },
  rateLimit: 'none',
  cache: 'per-tip',
  envelope: 'etherscan',
  example: { contractaddress: '0x0000000000000000000000000000000000000000' },
  async handle(request, ctx) {
    const token = addressParam(request.params, 'contractaddress')!;
    const out = await zoneClient(request, ctx).call({ request: { to: token, data: TOTAL_SUPPLY }, blockTag: 'latest' });
    if (out.length !== 66) return bad(`the contract answered totalSupply with ${(out.length - 2) / 2} bytes, not 32: is ${token} an ERC-20 token?`, 502);
    return ok(hexToBigInt(out).toString());
  },
});
