/**
 * The countdown page (`/block/countdown/<n>?chain=<chain>`): which chain (`?chain=`, else the
 * first zone this explorer serves), and how long until it mines block n (lib/countdown/block-countdown.ts,
 * the same reading as Etherscan's `getblockcountdown`). A block already mined is its page; a chain
 * not served, a 404 saying so.
 */
import { getChain, isChainName, type Chain } from '@/lib/chains';
import { readCountdown, type Countdown } from '@/lib/countdown/block-countdown';
import { clientOf, configuredChains } from '@/lib/server/node/clients';

export type CountdownPage =
  | { readonly kind: 'ahead'; readonly chain: Chain; readonly countdown: Extract<Countdown, { kind: 'ahead' }>; readonly chains: readonly Chain[] }
  | { readonly kind: 'passed'; readonly chain: Chain; readonly number: bigint }
  | { readonly kind: 'no-chain'; readonly reason: string };

/** The chain `?chain=` names, or the first zone served; why not when it names none served. */
export function countdownChain(raw: string | undefined, served: readonly Chain[] = configuredChains()): Chain | string {
  if (raw === undefined || raw === '') {
    return served.find((c) => c.level === 2) ?? served[0] ?? 'This explorer serves no chain.';
  }
  if (!isChainName(raw) || !served.some((c) => c.name === raw)) {
    return `“${raw.slice(0, 40)}” is not a chain this explorer serves (${served.map((c) => c.name).join(', ')}).`;
  }
  return getChain(raw);
}

export async function loadCountdown(number: bigint, rawChain: string | undefined): Promise<CountdownPage> {
  const chain = countdownChain(rawChain);
  if (typeof chain === 'string') return { kind: 'no-chain', reason: chain };
  const countdown = await readCountdown(clientOf(chain), number);
  if (countdown.kind === 'passed') return { kind: 'passed', chain, number };
  return { kind: 'ahead', chain, countdown, chains: configuredChains() };
}
