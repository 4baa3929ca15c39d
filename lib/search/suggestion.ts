/**
 * What search suggests (`GET /api/v1/search?q=`, the header's combobox, the /search page): each
 * item a kind, a title, the URL of its page and a line of detail, in groups by kind. Types and
 * group names only: browser-safe, for the combobox that draws them.
 */
import type { ChainName } from '@/lib/protocol/chains';

/** The groups, in the order they are drawn: entities named exactly first, names after. */
export const SUGGESTION_KINDS = ['block', 'transaction', 'address', 'token', 'contract', 'label', 'chain'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const GROUP_LABELS: Readonly<Record<SuggestionKind, string>> = {
  block: 'Blocks',
  transaction: 'Transactions',
  address: 'Addresses',
  token: 'Tokens',
  contract: 'Verified contracts',
  label: 'Labels',
  chain: 'Chains',
};

export interface Suggestion {
  readonly kind: SuggestionKind;
  /** What it is called: a token's name and symbol, a contract's name, a label (their own text), or a hash or address. */
  readonly title: string;
  /** This explorer's page of it. */
  readonly url: string;
  /** One line more: the standard and zone, where a link came from, how far a block is. */
  readonly detail?: string;
  readonly chain?: ChainName;
  /** The address of a token, contract, label or address suggestion. */
  readonly address?: string;
}

export interface SuggestionsJson {
  readonly query: string;
  readonly items: readonly Suggestion[];
  /** What could not be searched, or why nothing was ("the index is unavailable: …"). */
  readonly notes: readonly string[];
}

/** The items in their groups, in SUGGESTION_KINDS order, each group keeping its items' order. */
export function groupSuggestions(items: readonly Suggestion[]): Array<{ kind: SuggestionKind; label: string; items: Suggestion[] }> {
  return SUGGESTION_KINDS.map((kind) => ({ kind, label: GROUP_LABELS[kind], items: items.filter((i) => i.kind === kind) })).filter((g) => g.items.length > 0);
}
