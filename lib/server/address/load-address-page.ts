/**
 * Everything the address page draws, for the tab asked: the Overview's state read from the
 * zone's node (with its contract facts when it has code), the History, Token transfers or
 * Analytics tab from the index, the Approvals tab (the index's, each amount read from the node), or the
 * Contract and Write contract tabs (the verified source; the ABIs to write with). Each outcome the page draws differently is its own kind; nothing here throws
 * for a node or index that fails, so the page shows why instead of an error page.
 */
import type { Address } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import type { AddressQuery } from '@/lib/routes/params/address-query';
import { getClients } from '@/lib/server/node/clients';
import { loadHistory, type HistoryLoad } from '@/lib/server/history/load-history';
import { loadInternalTransfers, type InternalTransfersLoad } from '@/lib/server/history/load-internal-transfers';
import { loadTokenTransfers, type TokenTransfersLoad } from '@/lib/server/history/load-token-transfers';
import { loadTokenHoldings, type HoldingsLoad } from '@/lib/server/token/load-token-holdings';
import type { VerifiedAbi } from '@/lib/contracts/verified-abi';
import { loadContractTab, type ContractTabLoad } from '@/lib/server/contracts/load-contract-tab';
import { loadWriteTab, type WriteTabLoad } from '@/lib/server/contracts/load-write-tab';
import { networkChainId } from '@/lib/server/contracts/network-chain-id';
import { verifiedAbisWith } from '@/lib/server/contracts/load-verified-abis';
import { verifiedContractOf, type VerifiedLookup } from '@/lib/server/contracts/verified-source';
import { loadAddress, type AddressLoad, type AddressState } from './load-address';
import { loadAnalytics, type AnalyticsLoad } from './load-analytics';
import { loadCodeReading, type CodeReading } from '@/lib/server/contracts/load-code-abis';
import { loadApprovals, type ApprovalsLoad } from './load-approvals';
import { loadContractFacts, type ContractFacts } from './load-contract-facts';

/** How many rows a History or Token transfers page shows. */
const PAGE_SIZE = 25;

export type OverviewLoad =
  /** The address's zone is not one this explorer reads. */
  | { readonly kind: 'unconfigured' }
  | { readonly kind: 'bad-as-of'; readonly error: string }
  | Exclude<AddressLoad, { kind: 'ok' }>
  /**
   * `contract`: the token and proxy facts, null when the address has no code. `readAbis`: the
   * verified ABIs read contract lists (own, then a proven proxy's implementation's); empty when none.
   */
  | {
      readonly kind: 'ok';
      readonly state: AddressState;
      readonly contract: ContractFacts | null;
      readonly readAbis: readonly VerifiedAbi[];
      /** For a contract without a verified ABI (own or EIP-1967): what its code runs, read and proven at the page's block. */
      readonly code: CodeReading | null;
    };

/** Every tab carries the verified-source lookup: the heading's badge. */
export type AddressPageData = { readonly verified: VerifiedLookup } & (
  | { readonly tab: 'overview'; readonly overview: OverviewLoad }
  | {
      readonly tab: 'history';
      readonly history: HistoryLoad;
      readonly paged: boolean;
      /** Value moved to or from the address by contracts (the index's traces), paged on its own (`?internal=`). */
      readonly internal: InternalTransfersLoad;
      readonly internalPaged: boolean;
    }
  | { readonly tab: 'tokens'; readonly transfers: TokenTransfersLoad; readonly holdings: HoldingsLoad; readonly paged: boolean }
  /** The balance through time and the tokens' balances, from the index. */
  | { readonly tab: 'analytics'; readonly analytics: AnalyticsLoad; readonly paged: boolean }
  | { readonly tab: 'contract'; readonly contract: ContractTabLoad }
  | { readonly tab: 'write'; readonly write: WriteTabLoad }
  /** `chainId`: the network's (decimal), which a wallet revoking an approval must be on; null when unknown. */
  | { readonly tab: 'approvals'; readonly approvals: ApprovalsLoad; readonly chainId: string | null; readonly paged: boolean }
);

/** Code other than empty: a contract. */
export function hasCode(state: AddressState): boolean {
  return state.code.ok && state.code.value !== '0x';
}

export async function loadAddressPage(address: Address, query: AddressQuery): Promise<AddressPageData> {
  const verified = await verifiedContractOf(address);
  if (query.tab === 'contract') return { verified, tab: 'contract', contract: await loadContractTab(address, verified) };
  if (query.tab === 'write') return { verified, tab: 'write', write: await loadWriteTab(address) };
  const { cursor } = query;
  const paged = Boolean(cursor.ok && cursor.value);
  if (query.tab === 'approvals') {
    // Found by the index, each amount read from the node at the page's block.
    const [approvals, chainId] = await Promise.all([
      !cursor.ok
        ? Promise.resolve({ kind: 'bad-cursor', message: cursor.error } as const)
        : !query.asOf.ok
          ? Promise.resolve({ kind: 'node-error', message: query.asOf.error } as const)
          : loadApprovals(address, query.asOf.value, { limit: PAGE_SIZE, cursor: cursor.value }),
      networkChainId(),
    ]);
    return { verified, tab: 'approvals', approvals, chainId: chainId === null ? null : chainId.toString(), paged };
  }
  if (query.tab === 'analytics') {
    const analytics = cursor.ok ? await loadAnalytics(address, { limit: PAGE_SIZE, cursor: cursor.value }) : ({ kind: 'bad-cursor', message: cursor.error } as const);
    return { verified, tab: 'analytics', analytics, paged };
  }
  if (query.tab === 'tokens') {
    // Transfers from the index; holdings are the index's tokens with balanceOf from the node at the page's block.
    const [transfers, holdings] = await Promise.all([
      cursor.ok
        ? loadTokenTransfers(address, { limit: PAGE_SIZE, cursor: cursor.value })
        : Promise.resolve({ kind: 'bad-cursor', message: cursor.error } as const),
      loadTokenHoldings(address, query.asOf.ok ? query.asOf.value : 'latest'),
    ]);
    return { verified, tab: 'tokens', transfers, holdings, paged };
  }
  if (query.tab === 'history') {
    // The history comes from the index alone: no node read, so it answers even when the zone's node does not.
    // Both lists under the tab's advanced filter; a filter that cannot be read is said in place of both.
    const { internalCursor, filter } = query;
    const badFilter = filter.ok ? undefined : ({ kind: 'bad-filter', message: filter.error } as const);
    const shown = filter.ok ? filter.value : undefined;
    const [history, internal] = await Promise.all([
      badFilter
        ? Promise.resolve(badFilter)
        : cursor.ok
          ? loadHistory(address, { limit: PAGE_SIZE, cursor: cursor.value, filter: shown })
          : Promise.resolve({ kind: 'bad-cursor', message: cursor.error } as const),
      badFilter
        ? Promise.resolve(badFilter)
        : internalCursor.ok
          ? loadInternalTransfers(address, { limit: PAGE_SIZE, cursor: internalCursor.value, filter: shown })
          : Promise.resolve({ kind: 'bad-cursor', message: internalCursor.error } as const),
    ]);
    return { verified, tab: 'history', history, paged, internal, internalPaged: Boolean(internalCursor.ok && internalCursor.value) };
  }
  return { verified, tab: 'overview', overview: await loadOverview(address, query, verified) };
}

async function loadOverview(address: Address, { asOf, slot }: AddressQuery, verified: VerifiedLookup): Promise<OverviewLoad> {
  const zone = zoneOf(address);
  const client = getClients().get(zone.name);
  if (!client) return { kind: 'unconfigured' };
  if (!asOf.ok) return { kind: 'bad-as-of', error: asOf.error };
  const load = await loadAddress(client, address, asOf.value, slot?.ok ? slot.value : undefined);
  if (load.kind !== 'ok') return load;
  const { state } = load;
  // Read at the page's pinned block, after the state: only code tells whether there is a contract to ask.
  const contract = hasCode(state) ? await loadContractFacts(zone, address, state.header.number[2], state.header.stateRoot) : null;
  // A proxy's implementation is followed only when its slot proved at this block.
  const verdict = contract?.proxy.ok ? contract.proxy.verdict : null;
  const verifiedAbis = contract ? await verifiedAbisWith(address, verified, verdict, state.header.number[2]) : [];
  // Nobody verified it (nor, for an EIP-1967 proxy, its implementation): what its code runs.
  const code = contract && verifiedAbis.length === 0
    ? await loadCodeReading(address, { number: state.header.number[2], stateRoot: state.header.stateRoot }).catch(() => null)
    : null;
  return { kind: 'ok', state, contract, readAbis: verifiedAbis.length > 0 ? verifiedAbis : (code?.abis ?? []), code };
}
