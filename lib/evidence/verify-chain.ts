/**
 * The bundle's headers: the block's own header (its hash recomputed from its fields, its seal
 * against its difficulty), the chain of headers around it (each sealed, each naming the one
 * before it as its parent in the chain's context, heights consecutive), and the reader's
 * checkpoint among them. The difficulty each header must have is ./verify-difficulty.ts's, the
 * work they carry ./verify-work.ts's.
 *
 * A hash that does not recompute from the fields is a changed field on a network whose header
 * layout this verifier knows (the devnet, or a network it does not know at all); on a live
 * network whose releases hash in other layouts (v0.11's terminusHash, progpow) it is "could not
 * be checked", never "forged" (protocol notes). Pure: lib/protocol's header codec and proof of work.
 */
import type { Hash, Hex } from 'viem';
import { sameHex } from '@/lib/checks/answer';
import { headerFieldsOf } from '@/lib/checks/seal';
import { formatInteger, plural } from '@/lib/text/format';
import { blockHash } from '@/lib/protocol/header';
import { powTarget } from '@/lib/protocol/pow';
import { HEADER_SPAN } from './bundle';
import type { ChainHeader, ReadBundle } from './read-bundle';
import { allOf, fail, pass, unchecked, type Condition, type EvidenceCheck } from './report';
import { networkName, type NetworkFacts } from './verify-network';

const recomputed = new WeakMap<ChainHeader, { readonly hash: Hex } | { readonly error: string }>();

/** The block hash recomputed from a header's fields, or why its fields cannot be encoded. */
export function recomputedHash(header: ChainHeader): { readonly hash: Hex } | { readonly error: string } {
  let known = recomputed.get(header);
  if (!known) {
    try {
      known = { hash: blockHash(headerFieldsOf(header).fields) };
    } catch (error) {
      known = { error: error instanceof Error ? error.message : String(error) };
    }
    recomputed.set(header, known);
  }
  return known;
}

/** Whether the header's fields hash to its hash. */
export const hashHolds = (h: ChainHeader): boolean => {
  const r = recomputedHash(h);
  return !('error' in r) && sameHex(r.hash, h.hash);
};

const hex = (n: bigint) => `0x${n.toString(16)}`;
/** 64.64 fixed-point entropy as bits, for reading. */
export const bits = (entropy: bigint) => `${(Number(entropy) / 2 ** 64).toFixed(2)} bits`;
export const at = (h: ChainHeader, context: number) => `#${formatInteger(h.number[context] ?? 0n)}`;

/** Where the block sits among the headers, the chain's context (from its location, not the bundle's say-so), the network, the reader's clock. */
export interface ChainFacts {
  readonly index: number;
  readonly block: ChainHeader | undefined;
  readonly context: 0 | 1 | 2;
  readonly net: NetworkFacts;
  /** The reader's checkpoint among the headers: its index, -1 when none is given or it is not there. */
  readonly checkpointIndex: number;
  readonly checkpoint: Hash | undefined;
  /** The reader's clock, in seconds. */
  readonly now: bigint;
}

export function chainFacts(bundle: ReadBundle, net: NetworkFacts, checkpoint: Hash | undefined, nowMs: number): ChainFacts {
  const items = bundle.headers.items;
  const index = items.findIndex((h) => sameHex(h.hash, bundle.subject.block));
  const block = index >= 0 ? items[index] : undefined;
  const checkpointIndex = checkpoint ? items.findIndex((h) => sameHex(h.hash, checkpoint)) : -1;
  return { index, block, context: bundle.chain.level, net, checkpointIndex, checkpoint, now: BigInt(Math.floor(nowMs / 1000)) };
}

/** A hash that does not recompute on a network whose releases hash in layouts this verifier does not know. */
export function layoutUnknown(facts: ChainFacts, h: ChainHeader): boolean {
  return facts.net.rules?.layoutKnown === false && !hashHolds(h);
}

export function layoutReason(facts: ChainFacts): string {
  return (
    `On ${networkName(facts.net)} the node's releases hash headers in layouts this verifier cannot rebuild (v0.11's terminusHash, which JSON does not show; progpow): ` +
    'a hash that does not recompute says nothing either way, so the fields cannot be tied to the seal here.'
  );
}

export function locationOf(bundle: ReadBundle): Hex {
  return `0x${bundle.chain.location.map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Whether a header belongs to the bundle's chain: mined in it (its location starts with the
 * chain's: a region or prime block is a zone block coincident above) and coincident at least up
 * to the chain's level (order 0 prime, 1 region).
 */
function onChain(bundle: ReadBundle, h: ChainHeader): Condition {
  const location = locationOf(bundle);
  const within = h.location.toLowerCase().startsWith(location.toLowerCase());
  const level = bundle.chain.level;
  return {
    ok: within && h.order <= level,
    expected: `header #${formatInteger(h.number[level] ?? 0n)} in ${bundle.chain.label} (location ${location === '0x' ? 'any' : `${location}…`}${level < 2 ? `, order ≤ ${level}` : ''})`,
    found: `location ${h.location}, order ${h.order}`,
  };
}

export function checkHeaderHash(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const { block } = facts;
  if (!block) {
    return fail('header hash', `the header of block ${bundle.subject.block} among the bundle's headers`, 'no header with that hash');
  }
  if (layoutUnknown(facts, block)) return unchecked('header hash', `${layoutReason(facts)} Nothing this report checks below is tied to a sealed header.`, block.hash);
  const again = recomputedHash(block);
  const conditions: Condition[] = [
    onChain(bundle, block),
    'error' in again
      ? { ok: false, expected: block.hash, found: `the fields cannot be encoded: ${again.error}` }
      : {
          ok: sameHex(again.hash, block.hash),
          expected: block.hash,
          found: again.hash,
          detail: `blake3(nonce ‖ sealHash(fields)) differs from the hash: a field was changed after the block was sealed (${networkName(facts.net)} hashes headers in this layout).`,
        },
  ];
  return allOf('header hash', conditions, {
    expected: block.hash,
    found: 'error' in again ? '' : again.hash,
    detail: 'Recomputed from the header fields as blake3(nonce ‖ sealHash): every field, the roots included, is the one the block was sealed with.',
  });
}

export function checkSeal(facts: ChainFacts): EvidenceCheck {
  const { block } = facts;
  if (!block) return fail('seal', 'a header to check', 'no header of the block');
  if (layoutUnknown(facts, block)) return unchecked('seal', layoutReason(facts));
  const again = recomputedHash(block);
  if ('error' in again) return fail('seal', 'a header whose hash can be recomputed', again.error);
  if (block.difficulty <= 0n) return fail('seal', 'a positive difficulty', `difficulty ${block.difficulty}`);
  const target = powTarget(block.difficulty);
  const expected = `hash ≤ 2^256 / difficulty ${formatInteger(block.difficulty)} = ${hex(target)}`;
  return BigInt(again.hash) <= target
    ? pass('seal', expected, again.hash, 'The proof of work: finding a nonce whose hash meets the target takes about `difficulty` tries.')
    : fail('seal', expected, again.hash, 'The hash is above the target: the nonce does not satisfy the difficulty.');
}

/** Each header after the first: sealed, on this chain, one higher than the one before, naming it as parent. */
export function checkParentLinks(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const conditions: Condition[] = [];
  let unknownLayout = 0;
  if (bundle.headers.context !== ctx) {
    conditions.push({ ok: false, expected: `context ${ctx} (${bundle.chain.label}'s level)`, found: `the bundle says context ${bundle.headers.context}` });
  }
  for (let i = 0; i < items.length; i++) {
    const h = items[i]!;
    if (i !== facts.index) {
      if (layoutUnknown(facts, h)) {
        unknownLayout++;
      } else {
        const again = recomputedHash(h);
        const ok = !('error' in again) && sameHex(again.hash, h.hash);
        conditions.push({ ok, expected: `header ${at(h, ctx)} hashes to ${h.hash}`, found: 'error' in again ? again.error : again.hash });
        if (ok && h.number[ctx] === 0n) {
          // A genesis block is written, not mined: no proof of work (its child's difficulty, and the minimum, hold it).
        } else if (ok && h.difficulty > 0n) {
          conditions.push({ ok: BigInt(h.hash) <= powTarget(h.difficulty), expected: `header ${at(h, ctx)} sealed (hash ≤ 2^256 / ${h.difficulty})`, found: h.hash });
        } else if (ok) {
          conditions.push({ ok: false, expected: `header ${at(h, ctx)} with a positive difficulty`, found: 'difficulty 0' });
        }
      }
      conditions.push(onChain(bundle, h));
    }
    if (i === 0) continue;
    const parent = items[i - 1]!;
    conditions.push({
      ok: h.number[ctx] === parent.number[ctx] + 1n,
      expected: `header ${i} at height ${formatInteger(parent.number[ctx] + 1n)} (one above the header before it)`,
      found: `height ${formatInteger(h.number[ctx])}`,
      detail: 'The headers must be consecutive: a missing or repeated header breaks the chain.',
    });
    conditions.push({
      ok: sameHex(h.parentHash[ctx], parent.hash),
      expected: `header ${at(h, ctx)} names ${parent.hash} (header ${at(parent, ctx)}) as its parent`,
      found: `parentHash[${ctx}] ${h.parentHash[ctx]}`,
      detail: 'Each header commits to its parent by hash; this link is broken.',
    });
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const summary = {
    expected: `consecutive sealed headers of ${bundle.chain.label}, each naming the one before it`,
    found: items.length === 1 ? 'the block alone (no other header in the bundle)' : `${items.length} headers ${at(first, ctx)}–${at(last, ctx)}, ${items.length - 1} links`,
  };
  const verdict = allOf('parent links', conditions, summary);
  if (verdict.status === 'pass' && unknownLayout > 0) {
    return unchecked('parent links', `${summary.found}, linked by the hashes they claim; ${unknownLayout} of them do not hash again. ${layoutReason(facts)}`, summary.expected);
  }
  return verdict;
}

export function checkCheckpoint(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const last = items[items.length - 1]!;
  const checkpoint = facts.checkpoint;
  if (!checkpoint) {
    const why =
      bundle.headers.end === 'span'
        ? `The headers stop ${HEADER_SPAN} blocks above the block (at ${at(last, ctx)}); the chain went on.`
        : bundle.headers.end === 'tip'
          ? `The headers end at ${at(last, ctx)}, the newest the ${bundle.source === 'node' ? 'node' : 'explorer'} knew (${bundle.createdAt}).`
          : `The headers were made to reach checkpoint ${bundle.headers.checkpoint ?? ''}, but none is pinned here.`;
    return unchecked(
      'checkpoint',
      `${why} A bundle cannot prove that it is the network's chain: pin a header hash you trust (from your own node) as your checkpoint to tie the block to it.`,
    );
  }
  const found = facts.checkpointIndex;
  if (found < 0) {
    return fail('checkpoint', `your checkpoint ${checkpoint} among the headers`, `the headers run ${at(items[0]!, ctx)}–${at(last, ctx)} and do not include it`);
  }
  const distance = found - facts.index;
  const where = distance === 0 ? 'it is the block itself' : distance > 0 ? `${plural(distance, 'block')} above the block` : `${plural(-distance, 'block')} below the block`;
  return pass(
    'checkpoint',
    `your checkpoint ${checkpoint} among the headers`,
    `header ${at(items[found]!, ctx)}, ${where}`,
    distance >= 0
      ? 'The parent links tie the block to the header you trust: every header between is fixed by its hash.'
      : 'The block is built on the header you trust; whether it is on the chain your checkpoint belongs to is `checkpoint work`.',
  );
}
