import { isAddress, type Address } from 'viem';
import { zoneOf } from '@/lib/chains';
import { checkProxySlots, EIP1967 } from '@/lib/checks/proxy-slots';
import { defineAction, type EtherscanContext } from '../../action';
import { answerContract, CHAINID_PARAM } from '../../contract-module';
import { param } from '../../params';

/**
 * Etherscan's Proxy ("1" or "0") and Implementation, from the EIP-1967 implementation slot read
 * with a proof checked against the latest block's state root: a slot the proof does not prove is
 * not believed (Proxy "0"). Undefined when no node of the address's zone answers.
 */
async function provenProxy(address: Address, ctx: EtherscanContext): Promise<{ Proxy: string; Implementation: string } | undefined> {
  const client = ctx.client(zoneOf(address).name);
  if (!client) return undefined;
  const block = await client.getBlockByNumber({ blockNumber: 'latest' });
  if (!block) return undefined;
  const proof = await client.getProof({ address, storageKeys: [EIP1967.implementation, EIP1967.admin], blockTag: block.number[2] });
  const verdict = checkProxySlots(block.stateRoot, proof);
  const implementation = verdict.verified ? verdict.implementation.address : null;
  return implementation ? { Proxy: '1', Implementation: implementation.toLowerCase() } : { Proxy: '0', Implementation: '' };
}

export default defineAction({
  module: 'contract',
  action: 'getsourcecode',
  summary: "A contract's verified source and settings, with Proxy and Implementation from its proven EIP-1967 slot.",
  params: [{ name: 'address', kind: 'text', required: true, description: 'The contract.' }, CHAINID_PARAM],
  methods: ['GET'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'per-tip',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000' },
  async handle(request, ctx) {
    const answer = await answerContract(request, ctx);
    const body = answer.body as { status?: string; result?: unknown };
    const address = param(request.params, 'address');
    if (answer.status !== 200 || body.status !== '1' || !Array.isArray(body.result) || !address || !isAddress(address, { strict: false })) return answer;
    const proxy = await provenProxy(address.toLowerCase() as Address, ctx);
    if (!proxy) return answer;
    return { ...answer, body: { ...body, result: body.result.map((entry: Record<string, string>) => ({ ...entry, ...proxy })) } };
  },
});
