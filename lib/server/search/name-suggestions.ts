/**
 * Suggestions for a name: tokens by name or symbol and verified contracts by name (the index,
 * migration 19's indexes: a few bounded reads), the operator's labels (the label file, in memory)
 * and chains by name. Each group ranked (lib/search/rank.ts) and cut to `perGroup`.
 */
import { getChain, LEVEL_LABELS } from '@/lib/protocol/chains';
import type { Db } from '@/lib/index/drivers/db';
import { contractsByName, tokensByName, type ContractNameHit, type TokenNameHit } from '@/lib/index/readers/search-reader';
import { shortenHex } from '@/lib/text/format';
import { ranked } from '@/lib/search/rank';
import type { Suggestion } from '@/lib/search/suggestion';
import { operatorLabels } from '@/lib/server/labels/operator-labels';
import { configuredChains } from '@/lib/server/node/clients';
import { urls } from '@/lib/routes/urls';

/** How a token is called: "DevToken (SDT)", or whichever of the two it answered. */
export function tokenTitle(token: Pick<TokenNameHit, 'name' | 'symbol'>): string {
  if (token.name && token.symbol && token.name !== token.symbol) return `${token.name} (${token.symbol})`;
  return token.name ?? token.symbol ?? 'A token without a name';
}

export function tokenSuggestion(token: TokenNameHit): Suggestion {
  return {
    kind: 'token', title: tokenTitle(token), url: urls.token(token.token), chain: token.chain, address: token.token,
    detail: `${token.standard} · ${getChain(token.chain).label} · ${shortenHex(token.token)}`,
  };
}

export function contractSuggestion(contract: ContractNameHit): Suggestion {
  return {
    kind: 'contract', title: contract.name, url: urls.addressContract(contract.address), chain: contract.chain, address: contract.address,
    detail: `Verified (${contract.matchKind} match) · ${getChain(contract.chain).label} · ${shortenHex(contract.address)}`,
  };
}

export function labelSuggestion(entry: { readonly address: string; readonly label: string }): Suggestion {
  return { kind: 'label', title: entry.label, url: urls.address(entry.address), address: entry.address, detail: `The operator's label · ${shortenHex(entry.address)}` };
}

/** Index reads for names: the tokens and contracts whose names hold `text`, ranked. */
export async function indexedNames(db: Db, text: string, perGroup: number): Promise<Suggestion[]> {
  const [tokens, contracts] = await Promise.all([tokensByName(db, text, perGroup), contractsByName(db, text, perGroup)]);
  return [
    ...ranked(text, tokens, (t) => [t.symbol, t.name], perGroup).map(tokenSuggestion),
    ...ranked(text, contracts, (c) => [c.name], perGroup).map(contractSuggestion),
  ];
}

/** The operator's labels that hold `text` (in memory: the file is read once per process), ranked. */
export function labelNames(text: string, perGroup: number): Suggestion[] {
  const needle = text.toLowerCase();
  const matches = operatorLabels().filter((l) => l.label.toLowerCase().includes(needle));
  return ranked(text, matches, (l) => [l.label], perGroup).map(labelSuggestion);
}

/** The chains this explorer serves whose name or label starts with `text` ("cyp" → Cyprus, Cyprus 1 …). */
export function chainNames(text: string, perGroup: number): Suggestion[] {
  const needle = text.toLowerCase().replace(/\s+/g, ' ');
  return configuredChains()
    .filter((c) => c.name.startsWith(needle.replace(/ /g, '')) || c.label.toLowerCase().startsWith(needle))
    .slice(0, perGroup)
    .map((c) => ({ kind: 'chain', title: c.label, url: urls.chain(c.name), chain: c.name, detail: `${LEVEL_LABELS[c.level]} chain` }));
}
