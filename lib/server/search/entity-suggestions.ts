/**
 * Suggestions for what search names exactly: another explorer's link, a height, a hash, an
 * address, a chain. Only a hash the index does not hold asks the nodes (every chain, as the
 * /search page does): that request is node work, counted by the rate limit (lib/routes/table.ts).
 */
import type { Address, Hash } from 'viem';
import { getChain, LEVEL_LABELS, zoneOf, type ChainName } from '@/lib/protocol/chains';
import { formatInteger, shortenHex } from '@/lib/text/format';
import type { Db } from '@/lib/index/drivers/db';
import { byHash, contractAt, tokenAt } from '@/lib/index/readers/search-reader';
import type { ForeignUrl } from '@/lib/search/foreign-url';
import type { Suggestion } from '@/lib/search/suggestion';
import { operatorLabelOf } from '@/lib/server/labels/operator-labels';
import { findByHash } from '@/lib/server/node/lookup';
import { configuredClients } from '@/lib/server/node/clients';
import { getTips } from '@/lib/server/tips/tips-source';
import type { ChainTip } from '@/lib/network/tips-types';
import { urls } from '@/lib/routes/urls';
import { contractSuggestion, labelSuggestion, tokenSuggestion } from './name-suggestions';

/** Another explorer's page, as ours. */
export function foreignSuggestion({ host, target }: ForeignUrl): Suggestion {
  const from = `This explorer's page of the ${target.kind} at ${host}`;
  switch (target.kind) {
    case 'transaction':
      return { kind: 'transaction', title: target.hash, url: urls.tx(target.hash), detail: from };
    case 'address':
      return { kind: 'address', title: target.address, url: urls.address(target.address), address: target.address, detail: from };
    case 'token':
      return { kind: 'token', title: target.address, url: urls.token(target.address), address: target.address, detail: from };
    case 'block':
      return target.chain
        ? { kind: 'block', title: `Block ${target.id.startsWith('0x') ? target.id : `#${target.id}`}`, url: urls.block(target.chain, target.id), chain: target.chain, detail: from }
        : { kind: 'block', title: `Block ${target.id.startsWith('0x') ? target.id : `#${target.id}`}`, url: urls.blockAnyChain(target.id), detail: `${from}, on each chain of this network` };
  }
}

/**
 * A height: its block on each chain that has reached it (the tips every page shares, no read of
 * its own), or the countdown to it while no chain has.
 */
export async function heightSuggestions(height: bigint): Promise<Suggestion[]> {
  let tips: readonly ChainTip[];
  try {
    tips = (await getTips()).chains.filter((c) => c.height !== null);
  } catch {
    tips = [];
  }
  const reached = tips.filter((c) => BigInt(c.height as string) >= height);
  if (reached.length > 0 || tips.length === 0) {
    return [{
      kind: 'block', title: `Block #${formatInteger(height)}`, url: urls.blockAnyChain(height),
      detail: tips.length === 0 ? 'Its block on each chain' : `On ${reached.length === 1 ? (reached[0] as { label: string }).label : `${reached.length} chains`}`,
    }];
  }
  const zone = tips.find((c) => c.level === 2) ?? tips[0];
  if (!zone) return [];
  return [{
    kind: 'block', title: `Block #${formatInteger(height)} (not mined yet)`, url: urls.blockCountdown(height, zone.chain), chain: zone.chain,
    detail: `${formatInteger(height - BigInt(zone.height as string))} blocks to go on ${zone.label}: the countdown`,
  }];
}

function txSuggestion(hash: Hash, chain: ChainName, blockNumber: bigint | null): Suggestion {
  return { kind: 'transaction', title: hash, url: urls.tx(hash), chain, detail: `${blockNumber === null ? 'Pending' : `In block #${formatInteger(blockNumber)}`} · ${getChain(chain).label}` };
}

function blockSuggestion(hash: Hash, chain: ChainName, number: bigint | null): Suggestion {
  return { kind: 'block', title: hash, url: urls.block(chain, hash), chain, detail: `${number === null ? 'Block' : `Block #${formatInteger(number)}`} · ${getChain(chain).label} (${LEVEL_LABELS[getChain(chain).level].toLowerCase()})` };
}

/**
 * A hash: the transaction or zone block the index holds with it, else what the nodes answer
 * (a prime or region block, a transaction not indexed yet or still pending).
 */
export async function hashSuggestions(db: Db | undefined, hash: Hash): Promise<{ items: Suggestion[]; notes: string[] }> {
  if (db) {
    const hits = await byHash(db, hash);
    if (hits.length > 0) {
      return { items: hits.map((h) => (h.kind === 'transaction' ? txSuggestion(hash, h.chain, h.blockNumber) : blockSuggestion(hash, h.chain, h.blockNumber))), notes: [] };
    }
  }
  const lookup = await findByHash(configuredClients(), hash);
  return {
    items: [
      ...lookup.transactions.map((t) => txSuggestion(hash, t.chain.name, t.transaction.blockNumber ?? null)),
      ...lookup.blocks.map((b) => blockSuggestion(hash, b.chain.name, b.block.number[b.chain.level] ?? null)),
    ],
    notes: lookup.failures.map((f) => `${f.chain.label} could not be asked: ${f.error}`),
  };
}

/** An address: its page, and what the index and the labels call it (a token, a verified contract, a label). */
export async function addressSuggestions(db: Db | undefined, address: Address): Promise<Suggestion[]> {
  const label = operatorLabelOf(address);
  const [token, contract] = db ? await Promise.all([tokenAt(db, address), contractAt(db, address)]) : [null, null];
  const named = token ? tokenSuggestion(token).title : contract ? contract.name : label;
  return [
    { kind: 'address', title: address, url: urls.address(address), address, detail: named ? `${named} · ${shortenHex(address)}` : `An address of ${zoneOf(address).label}` },
    ...(token ? [tokenSuggestion(token)] : []),
    ...(contract ? [contractSuggestion(contract)] : []),
    ...(label ? [labelSuggestion({ address, label })] : []),
  ];
}
