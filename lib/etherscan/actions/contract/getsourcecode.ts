import { isAddress, type Address } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import { checkProxySlots, EIP1967 } from '@/lib/checks/proxy-slots';
import { checkProvenCode } from '@/lib/checks/proven-code';
import { minimalProxyOf } from '@/lib/contracts/bytecode/minimal-proxy';
import { defineAction, type EtherscanContext } from '../../action';
import { answerContract, CHAINID_PARAM } from '../../contract-module';
import { param } from '../../params';

/**
 * Etherscan's Proxy ("1" or "0") and Implementation: from the EIP-1967 implementation slot read
 * with a proof checked against the latest block's state root, else from an EIP-1167 (or ERC-7511)
 * minimal proxy's code, whose hash the same proof proves. A slot or code the proof does not prove
 * is not believed (Proxy "0"). Undefined when no node of the address's zone answers.
 */
async function provenProxy(address: Address, ctx: EtherscanContext): Promise<{ Proxy: string; Implementation: string } | undefined> {
  const client = ctx.client(zoneOf(address).name);
  if (!client) return undefined;
  const block = await client.getBlockByNumber({ blockNumber: 'latest' });
  if (!block) return undefined;
  const [proof, code] = await Promise.all([
    client.getProof({ address, storageKeys: [EIP1967.implementation, EIP1967.admin], blockTag: block.number[2] }),
    client.getCode({ address, blockTag: block.number[2] }),
  ]);
  const verdict = checkProxySlots(block.stateRoot, proof);
  const implementation = verdict.verified ? verdict.implementation.address : null;
  if (implementation) return { Proxy: '1', Implementation: implementation.toLowerCase() };
  const clone = minimalProxyOf(code);
  if (clone && checkProvenCode(block.stateRoot, proof, code).ok) return { Proxy: '1', Implementation: clone.implementation.toLowerCase() };
  return { Proxy: '0', Implementation: '' };
}

export default defineAction({
  module: 'contract',
  action: 'getsourcecode',
  summary:
    "A contract's verified source and settings (or, with SimilarMatch, those of the verified contract whose code is its own but for the metadata hash), with Proxy and Implementation from its proven EIP-1967 slot or EIP-1167 code.",
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
