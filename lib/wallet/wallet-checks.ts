/**
 * Whether a connected wallet may send a transaction to a contract, decided before anything is
 * signed: the wallet must be on this explorer's network, and its account in the contract's zone
 * (a Quai address belongs to one zone, and a transaction runs in its sender's zone only); a
 * revoke must come from the owner. The refusal is the sentence the reader sees. Pure.
 */
import { isAddress, type Address } from 'viem';
import { NETWORKS, zoneOf } from '@/lib/protocol/chains';

export interface WalletState {
  readonly account: string;
  /** What the wallet answered to chainId; null when it did not. */
  readonly chainId: bigint | null;
}

const networkName = (id: bigint) => NETWORKS[Number(id)] ?? 'an unknown network';

export function chainIdOf(answer: unknown): bigint | null {
  if (typeof answer === 'string' && /^(0x[0-9a-fA-F]{1,16}|\d{1,19})$/.test(answer)) return BigInt(answer);
  if (typeof answer === 'number' && Number.isSafeInteger(answer) && answer > 0) return BigInt(answer);
  return null;
}

/** Why `wallet` may not send to `target` (on a network of chain id `expected`, null when the explorer cannot say), or null when it may. */
export function sendRefusal(wallet: WalletState, target: Address, expected: bigint | null, owner?: Address): string | null {
  if (!isAddress(wallet.account, { strict: false })) return `The wallet's account “${wallet.account.slice(0, 60)}” is not an address.`;
  if (expected !== null) {
    if (wallet.chainId === null) return 'The wallet did not say which network it is on, so nothing is sent: this explorer cannot check it is this network.';
    if (wallet.chainId !== expected) {
      return `The wallet is on ${networkName(wallet.chainId)} (chain id ${wallet.chainId}), and this explorer shows ${networkName(expected)} (chain id ${expected}): switch networks in the wallet first.`;
    }
  }
  const from = zoneOf(wallet.account);
  const to = zoneOf(target);
  if (from.name !== to.name) {
    return `The account ${wallet.account} is in ${from.label}, and this contract is in ${to.label}: a Quai address belongs to one zone, and its transactions run in that zone only. Choose a ${to.label} account in the wallet.`;
  }
  if (owner && owner.toLowerCase() !== wallet.account.toLowerCase()) {
    return `The connected account ${wallet.account} is not the owner of this approval (${owner}): only the owner can revoke it.`;
  }
  return null;
}
