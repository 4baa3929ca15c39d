/**
 * The countdown page (`/block/countdown/<n>?chain=<chain>`): which chain (`?chain=`, else the
 * first zone this explorer serves), and how long until it mines block n (lib/network/block-countdown.ts,
 * the same reading as Etherscan's `getblockcountdown`). A block already mined is its page; a chain
 * not served is said, and the first zone counted instead.
 */
import { getChain, isChainName, type Chain } from '@/lib/protocol/chains';
import { readCountdown, type Countdown } from '@/lib/network/block-countdown';
import { clientOf, configuredChains } from '@/lib/server/node/clients';

export type CountdownPage =
  | {
      readonly kind: 'ahead';
      readonly chain: Chain;
      readonly countdown: Extract<Countdown, { kind: 'ahead' }>;
      readonly chains: readonly Chain[];
      /** Why the chain counted is not the one `?chain=` named (one this explorer does not serve). */
      readonly notice?: string;
    }
  | { readonly kind: 'passed'; readonly chain: Chain; readonly number: bigint }
  | { readonly kind: 'no-chain' };

/**
 * The chain `?chain=` names, or the first zone served (the first chain without zones); with a
 * notice when `?chain=` names none served. Undefined when nothing is served.
 */
export function countdownChain(raw: string | undefined, served: readonly Chain[] = configuredChains()): { chain: Chain; notice?: string } | undefined {
  const fallback = served.find((c) => c.level === 2) ?? served[0];
  if (raw !== undefined && raw !== '' && isChainName(raw) && served.some((c) => c.name === raw)) return { chain: getChain(raw) };
  if (!fallback) return undefined;
  if (raw === undefined || raw === '') return { chain: fallback };
  return { chain: fallback, notice: `“${raw.slice(0, 40)}” is not a chain this explorer serves (it serves ${served.map((c) => c.name).join(', ')}): counting on ${fallback.label}.` };
}

export async function loadCountdown(number: bigint, rawChain: string | undefined): Promise<CountdownPage> {
  const picked = countdownChain(rawChain);
  if (!picked) return { kind: 'no-chain' };
  const { chain, notice } = picked;
  const countdown = await readCountdown(clientOf(chain), number);
  if (countdown.kind === 'passed') return { kind: 'passed', chain, number };
  return { kind: 'ahead', chain, countdown, chains: configuredChains(), ...(notice ? { notice } : {}) };
}
