/**
 * An owner's approvals for the Approvals tab and its API: the index's newest `Approval` or
 * `ApprovalForAll` per token, spender and kind (lib/index/readers/tokens/approval-reader.ts), each read
 * again from the node at the page's block — `allowance(owner, spender)` or
 * `isApprovedForAll(owner, operator)` — since an allowance that was spent, or replaced by a
 * contract that emits no event, is worth what the node says, not what the event said. A token in
 * another zone than the owner is read at that zone's tip (the page's block means nothing there).
 *
 * The contract read is anyone's (any contract can emit `Approval` naming any owner), so the reads
 * are node work: only contracts that look like tokens are listed and read (the others are
 * counted apart, `unrecognised`), at most one page of them per request, each within the gas cap
 * and through the zone's lane of callers' node work (lib/rpc/work-lane.ts). A read the lane
 * refused is `failed` with `retryAfterSeconds`, and the load says so (`busy`).
 */
import type { Address } from 'viem';
import { zoneOf, type Chain, type ChainName } from '@/lib/protocol/chains';
import { approvalReadCall } from '@/lib/history/approval-calls';
import type { Approval, ApprovalNow } from '@/lib/history/approval-types';
import { readTokenUint } from '@/lib/decode/token-metadata';
import { currentApprovals, unrecognisedApprovals, type ApprovalItem, type UnrecognisedApprovals } from '@/lib/index/readers/tokens/approval-reader';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import type { ChainClient } from '@/lib/rpc/client';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { readPerVersion } from '@/lib/server/index/index-version';
import { getClients, getWorkClients } from '@/lib/server/node/clients';
import { describeFailure, isNodeBusy, nullIfRefused } from '@/lib/server/node/node-errors';
import { tokenFactsMany, type TokenFacts } from '@/lib/server/token/load-token-facts';
import { indexAtHomeBlock } from '@/lib/server/index/index-at-home-block';

export type ApprovalsLoad =
  | {
      readonly kind: 'ok';
      readonly block: bigint;
      readonly items: readonly Approval[];
      readonly next: string | null;
      /** Approvals from contracts that do not look like tokens: counted, not read, not listed. */
      readonly unrecognised: UnrecognisedApprovals;
      /** Seconds until the lane of node work likely has room, when it refused some read of this page; null otherwise. */
      readonly busy: number | null;
    }
  /** The owner's zone is not one this explorer reads, or its node did not say its height. */
  | { readonly kind: 'node-error'; readonly message: string }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string };

/** Concurrent viewers of one owner at one block share the node's answer for this long. */
const SHARE_MS = 3_000;

async function readNow(client: ChainClient, item: ApprovalItem, owner: Address, blockTag: bigint | 'latest'): Promise<ApprovalNow> {
  try {
    const answer = await nullIfRefused(client.call({ request: { to: item.token, data: approvalReadCall(item.kind, owner, item.spender) }, blockTag }));
    if (answer === null) return { kind: 'refused', reason: `the contract reverted (no ${item.kind === 'allowance' ? 'allowance' : 'isApprovedForAll'}?)` };
    const amount = readTokenUint(answer);
    if (amount === null) return { kind: 'refused', reason: `the answer is ${answer.length > 66 ? 'longer than' : 'not'} one 32-byte word` };
    return { kind: 'answered', amount };
  } catch (error) {
    if (isNodeBusy(error)) return { kind: 'failed', reason: describeFailure(error), retryAfterSeconds: error.retryAfterSeconds };
    return { kind: 'failed', reason: describeFailure(error) };
  }
}

/** Symbol and decimals of the tokens the index holds no facts for, from their own zones' nodes. */
async function missingFacts(items: readonly ApprovalItem[]): Promise<ReadonlyMap<string, TokenFacts>> {
  const clients = getClients();
  const zones = new Map<ChainName, { chain: Chain; tokens: Address[] }>();
  for (const item of items) {
    if (item.tokenFacts !== null) continue;
    const zone = zoneOf(item.token);
    if (!clients.has(zone.name)) continue;
    const entry = zones.get(zone.name) ?? { chain: zone, tokens: [] };
    if (!entry.tokens.includes(item.token)) entry.tokens.push(item.token);
    zones.set(zone.name, entry);
  }
  const maps = await Promise.all([...zones.values()].map(({ chain, tokens }) => tokenFactsMany(chain, tokens, 'latest')));
  return new Map(maps.flatMap((m) => [...m.entries()]));
}

/** `asOf`: the page's block in the owner's zone ("latest": its tip, read once so every row shares it). */
export async function loadApprovals(owner: Address, asOf: bigint | 'latest', page: { limit: number; cursor: string | null }): Promise<ApprovalsLoad> {
  const at = await indexAtHomeBlock(owner, asOf);
  if (at.kind !== 'ok') return at;
  const { index, home, block } = at;
  const clients = getWorkClients();
  let rows;
  let unrecognised: UnrecognisedApprovals;
  try {
    const key = `approvals:${owner.toLowerCase()}:${block}:${page.limit}:${page.cursor ?? ''}`;
    const asOf = { chain: home.name, atBlock: block };
    [rows, unrecognised] = await Promise.all([
      readPerVersion(index, key, () => currentApprovals(index.db, owner, { ...asOf, ...page })),
      readPerVersion(index, `approvals-unrecognised:${owner.toLowerCase()}:${block}`, () => unrecognisedApprovals(index.db, owner, asOf)),
    ]);
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
  const facts = await missingFacts(rows.items);
  const items = await Promise.all(
    rows.items.map(async (item): Promise<Approval> => {
      const zone = zoneOf(item.token);
      const client = clients.get(zone.name);
      const readAt = { chain: zone.name, block: zone.name === home.name ? block : ('latest' as const) };
      const key = `approval-now:${zone.name}:${item.token}:${owner}:${item.spender}:${item.kind}:${readAt.block}`.toLowerCase();
      const now: ApprovalNow = client
        ? await coalesceShared(key, readAt.block === 'latest' ? 0 : SHARE_MS, () => readNow(client, item, owner, readAt.block))
        : { kind: 'failed', reason: `this explorer does not read ${zone.label}` };
      const known = facts.get(item.token.toLowerCase());
      return {
        kind: item.kind,
        token: item.token,
        standard: item.tokenFacts?.standard ?? null,
        symbol: item.tokenFacts ? item.tokenFacts.symbol : (known?.symbol ?? null),
        decimals: item.tokenFacts ? item.tokenFacts.decimals : (known?.decimals ?? null),
        spender: item.spender,
        given: {
          amount: item.amount, chain: item.chain, blockNumber: item.blockNumber, blockHash: item.blockHash, timestamp: item.timestamp,
          txHash: item.txHash, index: item.index, logIndex: item.logIndex,
        },
        now,
        readAt,
      };
    }),
  );
  const waits = items.flatMap((a) => (a.now.kind === 'failed' && a.now.retryAfterSeconds !== undefined ? [a.now.retryAfterSeconds] : []));
  return { kind: 'ok', block, items, next: rows.next, unrecognised, busy: waits.length > 0 ? Math.max(...waits) : null };
}
