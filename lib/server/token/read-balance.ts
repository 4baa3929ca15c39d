/**
 * One token balance read from the node with `call` at a block: ERC-20's amount, ERC-721's count,
 * ERC-1155's amount of one id. Classified for lib/checks/holder-balances: answered, refused (the
 * contract reverted or answered something that is not one word), or failed (the node).
 */
import type { Address } from 'viem';
import type { NodeBalance } from '@/lib/checks/holder-balances';
import { balanceOfCall, balanceOfIdCall, readTokenUint } from '@/lib/decode/token-metadata';
import type { ChainClient } from '@/lib/rpc/client';
import { describeFailure, nullIfRefused } from '@/lib/server/node/node-errors';

export async function readBalance(
  client: ChainClient,
  token: Address,
  owner: Address,
  tokenId: bigint | null,
  blockTag: bigint | 'latest',
): Promise<NodeBalance> {
  const data = tokenId === null ? balanceOfCall(owner) : balanceOfIdCall(owner, tokenId);
  try {
    const answer = await nullIfRefused(client.call({ request: { to: token, data }, blockTag }));
    if (answer === null) return { kind: 'refused', reason: 'the contract reverted (no balanceOf?)' };
    const balance = readTokenUint(answer);
    return balance === null ? { kind: 'refused', reason: `the answer is ${answer.length > 66 ? 'longer than' : 'not'} one 32-byte word` } : { kind: 'answered', balance };
  } catch (error) {
    return { kind: 'failed', reason: describeFailure(error) };
  }
}
