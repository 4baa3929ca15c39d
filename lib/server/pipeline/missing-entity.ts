/**
 * Does the entity a URL names exist? Called by proxy.ts before any rendering, so an unknown
 * block, uncle or transaction is answered with a real HTTP 404 and a page that says why.
 *
 * Why in the proxy and not in the page: a `notFound()` before streaming does set 404, but Next
 * then renders an empty HTML shell and draws the root not-found page in the browser only, which
 * readers without JavaScript see as a blank page and which cannot name what was missing. The
 * lookups here are shared with the pages for a few seconds (coalesceShared in lib/server/cache/coalesce.ts), so the check does not
 * cost an extra round trip to the node.
 *
 * Node failures are not "missing". An answer the explorer cannot read is reported so that proxy.ts
 * answers 502 naming the chain, method and field; a node that did not answer (unreachable, timed
 * out) so that it answers 503 naming the chain. Either way the page is not rendered: it would ask
 * the same node again (a second timeout) and fail with a 500. Other failures (a JSON-RPC error)
 * return undefined and the page shows its error state.
 */
import { formatInteger } from '@/lib/text/format';
import { decodeLenient } from '@/lib/text/url-decode';
import { parseBlockRef, parseChain, parseIndex, parseTxHash, type BlockRef } from '@/lib/routes/params/block-id';
import { includingBlock, lookupTxByHash, lookupTxInBlock } from '@/lib/server/tx/load-tx';
import { loadChainOverview } from '@/lib/server/block/load-chain';
import { lookupAnyChain } from '@/lib/server/block/load-any-chain';
import { lookupBlock } from '@/lib/server/block/load-block';
import { blockTagOf } from '@/lib/server/block/block-tag';
import { parseNonce, resolveSenderNonce } from '@/lib/server/tx/resolve-nonce';
import { configuredChains } from '@/lib/server/node/clients';
import type { ChainFailure } from '@/lib/search/lookup-types';
import { unreadableAnswer, type UnreadableAnswer } from '@/lib/rpc/unreadable';
import { StrataError } from '@/lib/protocol/errors';
import { CHAINS } from '@/lib/protocol/chains';
import { describeFailure, isNodeDown } from '@/lib/server/node/node-errors';
import type { StatusPageOptions } from './status-page';

export interface Missing {
  readonly title: string;
  readonly reason: string;
  readonly details?: readonly string[];
}

/** Nodes that did not answer: the chains' labels and what the explorer met, for a 503 page. */
export interface Unanswered {
  readonly chains: readonly string[];
  readonly reason: string;
}

/** What proxy.ts does with a path before the page renders. */
export type EntityVerdict =
  | { readonly kind: 'missing'; readonly missing: Missing }
  | { readonly kind: 'unreadable'; readonly answer: UnreadableAnswer }
  | { readonly kind: 'unanswered'; readonly unanswered: Unanswered };

/** Thrown inside check() when no chain had the entity and one chain's answer was unreadable. */
class UnreadableLookup extends StrataError {
  constructor(readonly answer: UnreadableAnswer) {
    super(answer.reason);
  }
}

/** Thrown inside check() when no chain had the entity and a chain that might have did not answer. */
class UnansweredLookup extends StrataError {
  constructor(readonly unanswered: Unanswered) {
    super(unanswered.reason);
  }
}

/**
 * Nothing was found: if a chain could not be read, the answer is "unreadable"; if one did not
 * answer, "unanswered" (it may have the entity); "missing" only when every chain said no.
 */
function throwUnlessAnswered(failures: readonly ChainFailure[]): void {
  const answer = failures.find((f) => f.unreadable)?.unreadable;
  if (answer) throw new UnreadableLookup(answer);
  const down = failures.filter((f) => f.down);
  if (down.length > 0) throw new UnansweredLookup({ chains: down.map((f) => f.chain.label), reason: down[0]?.error ?? 'no answer' });
}

const labelOf = (name: string): string => CHAINS.find((c) => c.name === name)?.label ?? name;

function describeRef(ref: BlockRef): string {
  return ref.kind === 'number' ? `at height ${formatInteger(ref.number)}` : `with hash ${ref.hash}`;
}

async function check(pathname: string): Promise<Missing | undefined> {
  const parts = pathname.split('/').filter((p) => p !== '').map(decodeLenient);
  const [root, a, b, c, d, e, ...rest] = parts;

  if (root === 'chain' && a !== undefined && b === undefined) {
    const chain = parseChain(a, configuredChains());
    if (!chain.ok) return { title: 'Chain not served', reason: chain.reason };
    // The page's own read (shared with it for 1 s): an unreadable answer throws here, a 502, not a 500 there.
    await loadChainOverview(chain.value);
    return undefined;
  }

  if (root === 'chain' && a !== undefined && b === 'block' && c !== undefined && rest.length === 0) {
    const chain = parseChain(a, configuredChains());
    if (!chain.ok) return { title: 'Chain not served', reason: chain.reason };
    if (blockTagOf(c) !== undefined && d !== undefined) {
      return {
        title: 'Name the block by number or hash',
        reason: `“${c}” moves as blocks are mined, so it cannot name an uncle or a transaction position. Open /chain/${chain.value.name}/block/latest to see the newest block and follow its links.`,
      };
    }
    if (blockTagOf(c) === 'pending') {
      return {
        title: 'The pending block is not a page',
        reason: `The pending block of ${chain.value.label} is still being assembled: it has no hash and no proof of work yet. Its transactions are in the zone's transaction pool; /chain/${chain.value.name}/block/latest is the newest mined block.`,
      };
    }
    // The chain is parsed once here (not again by parseBlockRoute): only the block id is left.
    const ref = parseBlockRef(c);
    if (!ref.ok) return undefined;
    const route = { chain: chain.value, ref: ref.value };
    const result = await lookupBlock(route.chain, route.ref);
    if (!result.found) {
      const label = route.chain.label;
      return {
        title: 'No such block',
        reason:
          route.ref.kind === 'number'
            ? `${label} has no block at height ${formatInteger(route.ref.number)} yet: its newest block is ${formatInteger(result.tip)}.`
            : `${label} has no block with hash ${route.ref.hash}. A block hash names a block on the chains it was mined into; /block/${route.ref.hash} looks on every chain.`,
      };
    }
    if (d === undefined || e === undefined) return undefined;
    const block = result.data.block;
    const where = `Block ${formatInteger(block.number[route.chain.level])} on ${route.chain.label} (${describeRef(route.ref)})`;
    if (d === 'uncle') {
      const index = parseIndex(e, 'uncle');
      if (!index.ok) return undefined;
      if (index.value >= block.uncles.length) {
        return {
          title: 'No such uncle',
          reason: `${where} includes ${block.uncles.length} uncle${block.uncles.length === 1 ? '' : 's'}, so there is no uncle at index ${index.value}.`,
        };
      }
      return undefined;
    }
    if (d === 'tx') {
      const index = parseIndex(e, 'transaction');
      if (!index.ok) return undefined;
      const tx = await lookupTxInBlock(route.chain, route.ref, index.value);
      if (!tx.found) {
        const count = tx.count ?? block.transactions.length;
        return {
          title: 'No such transaction',
          reason: `${where} has ${count} transaction${count === 1 ? '' : 's'}, so there is none at index ${index.value}.`,
        };
      }
    }
    return undefined;
  }

  if (root === 'tx' && a !== undefined && b === undefined) {
    const hash = parseTxHash(a);
    if (!hash.ok) return undefined;
    const result = await lookupTxByHash(hash.value);
    if (result.found) {
      // The block the page reads for its time and base fee (cached by hash, shared with the page):
      // an unreadable answer throws here, a 502, not a 500 in the render.
      await includingBlock(result.data.chain, result.data.tx);
      return undefined;
    }
    throwUnlessAnswered(result.failures);
    if (result.failures.length > 0) return undefined;
    return {
      title: 'No such transaction',
      reason: `No zone served here knows transaction ${hash.value}: neither mined nor waiting in its pool.`,
      details: [`Asked ${result.asked.length} zone${result.asked.length === 1 ? '' : 's'}: ${result.asked.map((z) => z.label).join(', ')}.`],
    };
  }

  if (root === 'address' && a !== undefined && b === 'nonce' && c !== undefined && d === undefined) {
    const nonce = parseNonce(c);
    if (nonce === undefined || !/^0x[0-9a-fA-F]{40}$/.test(a)) return undefined;
    const found = await resolveSenderNonce(a as `0x${string}`, nonce);
    return found.kind === 'found' ? undefined : { title: `No transaction with nonce ${nonce} yet`, reason: `Not found: ${found.reason}.` };
  }

  if (root === 'block' && a !== undefined && b === undefined) {
    const ref = parseBlockRef(a);
    if (!ref.ok) return undefined;
    const result = await lookupAnyChain(ref.value);
    if (result.found.length > 0) return undefined;
    throwUnlessAnswered(result.failures);
    if (result.failures.length > 0) return undefined;
    return {
      title: 'No such block',
      reason:
        ref.value.kind === 'number'
          ? `No chain served here has reached height ${formatInteger(ref.value.number)} yet.`
          : `No chain served here has a block with hash ${ref.value.hash}.`,
      details: [
        `Asked ${result.asked.length} chain${result.asked.length === 1 ? '' : 's'}: ${result.asked.map((c) => c.label).join(', ')}.`,
        ...result.tips.flatMap((t) => (t.tip === null ? [] : [`${t.chain.label}: newest block ${formatInteger(t.tip)}`])),
      ],
    };
  }
  return undefined;
}

/** What is missing for this path, or undefined when it exists (or the node could not say). */
export async function missingEntity(pathname: string): Promise<Missing | undefined> {
  const verdict = await entityVerdict(pathname);
  return verdict?.kind === 'missing' ? verdict.missing : undefined;
}

/**
 * Missing (404), unreadable (502), unanswered (503), or undefined: the entity exists, or the node
 * failed in a way the page itself shows (a JSON-RPC error).
 */
export async function entityVerdict(pathname: string): Promise<EntityVerdict | undefined> {
  try {
    const missing = await check(pathname);
    return missing ? { kind: 'missing', missing } : undefined;
  } catch (error) {
    if (error instanceof UnansweredLookup) return { kind: 'unanswered', unanswered: error.unanswered };
    if (isNodeDown(error)) {
      const chain = error instanceof Error && 'chain' in error && typeof error.chain === 'string' ? error.chain : 'unknown';
      return { kind: 'unanswered', unanswered: { chains: [labelOf(chain)], reason: describeFailure(error) } };
    }
    const answer = error instanceof UnreadableLookup ? error.answer : unreadableAnswer(error);
    return answer ? { kind: 'unreadable', answer } : undefined;
  }
}

/** The 503 page of a lookup whose node did not answer: which chain, and what the explorer met. */
export function unansweredPage(unanswered: Unanswered, pathname: string): StatusPageOptions {
  const chains = unanswered.chains.join(', ');
  const node = unanswered.chains.length === 1 ? `The ${chains} node` : `The nodes of ${chains}`;
  return {
    status: 503,
    title: `${node} is not answering`,
    message: `${node} did not answer the explorer's lookup for this page, so there is nothing to show yet. Nothing is wrong with the address you asked for, and nothing is cached from the failure: it works again as soon as the node answers.`,
    details: [`The explorer’s attempt: ${unanswered.reason}`, `Requested path: ${decodeLenient(pathname)}`],
    retry: { refreshSeconds: 10 },
  };
}
