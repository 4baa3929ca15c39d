/**
 * A decoded ERC-20 or WETH event's amount in the token's units: "1,234.5 SDT (1234500000000000000000)"
 * instead of the raw integer alone, when the token's decimals are known. Pure: the facts come
 * from the caller (lib/server/token reads them).
 */
import { formatTokenAmount } from '@/lib/text/format';
import type { StandardEvent } from './events';

export interface UnitFacts {
  readonly symbol: string | null;
  readonly decimals: number | null;
}

/** The events whose one uint256 argument is an amount of the emitting token. */
const AMOUNT_ARG: Partial<Record<StandardEvent['key'], string>> = {
  'erc20-transfer': 'value',
  'erc20-approval': 'value',
  'weth-deposit': 'wad',
  'weth-withdrawal': 'wad',
};

/** The event's display arguments, its amount in token units when `facts` has decimals. */
export function displayWithUnits(event: StandardEvent, facts: UnitFacts | undefined): StandardEvent['display'] {
  const name = AMOUNT_ARG[event.key];
  if (!name || !facts || facts.decimals === null) return event.display;
  const decimals = facts.decimals;
  return event.display.map((arg) =>
    arg.name === name && /^\d+$/.test(arg.value)
      ? { ...arg, value: `${formatTokenAmount(BigInt(arg.value), decimals)}${facts.symbol ? ` ${facts.symbol}` : ''} (${arg.value})` }
      : arg,
  );
}

/** Whether the event carries an amount of the emitting token (so its facts are worth reading). */
export function hasTokenAmount(event: StandardEvent): boolean {
  return AMOUNT_ARG[event.key] !== undefined;
}
