/**
 * The bundle's headers: the block's own header (its hash recomputed from its fields, its seal
 * against its difficulty), the chain of headers around it (each sealed, each naming the one
 * before it as its parent in the chain's context, heights consecutive), the entropy each header
 * records for its parent and the work above the block, and the reader's checkpoint among them.
 * Pure: lib/protocol's header codec, proof of work and entropy.
 */
import type { Hash, Hex } from 'viem';
import { sameHex } from '@/lib/checks/answer';
import { headerFieldsOf } from '@/lib/checks/seal';
import { formatInteger } from '@/lib/format';
import { intrinsicEntropy, totalEntropy } from '@/lib/protocol/entropy';
import { blockHash } from '@/lib/protocol/header';
import { powTarget } from '@/lib/protocol/pow';
import { HEADER_SPAN } from './bundle';
import type { ChainHeader, ReadBundle } from './read-bundle';
import { allOf, fail, pass, unchecked, type Condition, type EvidenceCheck } from './report';

/** The block hash recomputed from a header's fields, or why its fields cannot be encoded. */
export function recomputedHash(header: ChainHeader): { readonly hash: Hex } | { readonly error: string } {
  try {
    return { hash: blockHash(headerFieldsOf(header).fields) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const hex = (n: bigint) => `0x${n.toString(16)}`;
/** 64.64 fixed-point entropy as bits, for reading. */
export const bits = (entropy: bigint) => `${(Number(entropy) / 2 ** 64).toFixed(2)} bits`;
const at = (h: ChainHeader, context: number) => `#${formatInteger(h.number[context] ?? 0n)}`;

/** Where the block sits among the headers, and the chain's context (from its location, not the bundle's say-so). */
export interface ChainFacts {
  readonly index: number;
  readonly block: ChainHeader | undefined;
  readonly context: 0 | 1 | 2;
}

export function chainFacts(bundle: ReadBundle): ChainFacts {
  const index = bundle.headers.items.findIndex((h) => sameHex(h.hash, bundle.subject.block));
  const block = index >= 0 ? bundle.headers.items[index] : undefined;
  return { index, block, context: bundle.chain.level };
}

function locationOf(bundle: ReadBundle): Hex {
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
  const recomputed = recomputedHash(block);
  const conditions: Condition[] = [
    onChain(bundle, block),
    'error' in recomputed
      ? { ok: false, expected: block.hash, found: `the fields cannot be encoded: ${recomputed.error}` }
      : {
          ok: sameHex(recomputed.hash, block.hash),
          expected: block.hash,
          found: recomputed.hash,
          detail: 'blake3(nonce ‖ sealHash(fields)) differs from the hash: a field was changed after the block was sealed (or the node runs a header layout this verifier does not know).',
        },
  ];
  return allOf('header hash', conditions, {
    expected: block.hash,
    found: 'error' in recomputed ? '' : recomputed.hash,
    detail: 'Recomputed from the header fields as blake3(nonce ‖ sealHash): every field, the roots included, is the one the block was sealed with.',
  });
}

export function checkSeal(facts: ChainFacts): EvidenceCheck {
  const { block } = facts;
  if (!block) return fail('seal', 'a header to check', 'no header of the block');
  const recomputed = recomputedHash(block);
  if ('error' in recomputed) return fail('seal', 'a header whose hash can be recomputed', recomputed.error);
  if (block.difficulty <= 0n) return fail('seal', 'a positive difficulty', `difficulty ${block.difficulty}`);
  const target = powTarget(block.difficulty);
  const expected = `hash ≤ 2^256 / difficulty ${formatInteger(block.difficulty)} = ${hex(target)}`;
  return BigInt(recomputed.hash) <= target
    ? pass('seal', expected, recomputed.hash, 'The proof of work: finding a nonce whose hash meets the target takes about `difficulty` tries.')
    : fail('seal', expected, recomputed.hash, 'The hash is above the target: the nonce does not satisfy the difficulty.');
}

/** Each header after the first: sealed, on this chain, one higher than the one before, naming it as parent. */
export function checkParentLinks(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const conditions: Condition[] = [];
  if (bundle.headers.context !== ctx) {
    conditions.push({ ok: false, expected: `context ${ctx} (${bundle.chain.label}'s level)`, found: `the bundle says context ${bundle.headers.context}` });
  }
  for (let i = 0; i < items.length; i++) {
    const h = items[i]!;
    if (i !== facts.index) {
      const recomputed = recomputedHash(h);
      const ok = !('error' in recomputed) && sameHex(recomputed.hash, h.hash);
      conditions.push({ ok, expected: `header ${at(h, ctx)} hashes to ${h.hash}`, found: 'error' in recomputed ? recomputed.error : recomputed.hash });
      if (ok && h.difficulty > 0n) {
        conditions.push({ ok: BigInt(h.hash) <= powTarget(h.difficulty), expected: `header ${at(h, ctx)} sealed (hash ≤ 2^256 / ${h.difficulty})`, found: h.hash });
      } else if (ok) {
        conditions.push({ ok: false, expected: `header ${at(h, ctx)} with a positive difficulty`, found: 'difficulty 0' });
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
  return allOf('parent links', conditions, {
    expected: `consecutive sealed headers of ${bundle.chain.label}, each naming the one before it`,
    found: items.length === 1 ? 'the block alone (no other header in the bundle)' : `${items.length} headers ${at(first, ctx)}–${at(last, ctx)}, ${items.length - 1} links`,
  });
}

/**
 * The entropy bookkeeping (each header's total entropy recomputed from its parent entropy and
 * its own hash, and recorded by its child as parentEntropy) and the work above the block
 * (Σ difficulty, Σ intrinsic entropy) against the bundle's claim.
 */
export function checkWork(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const conditions: Condition[] = [];
  const totals = items.map((h) => totalEntropy(h.order, h.parentEntropy, h.parentDeltaS, intrinsicEntropy(h.hash)));
  items.forEach((h, i) => {
    conditions.push({
      ok: totals[i] === h.totalEntropy,
      expected: `header ${at(h, ctx)}'s totalEntropy ${hex(h.totalEntropy)} (the node's)`,
      found: `${hex(totals[i]!)} from its parent entropy, order ${h.order} and hash`,
    });
    if (i > 0) {
      conditions.push({
        ok: h.parentEntropy[ctx] === totals[i - 1],
        expected: `header ${at(h, ctx)} records its parent's total entropy ${hex(totals[i - 1]!)}`,
        found: `parentEntropy[${ctx}] ${hex(h.parentEntropy[ctx])}`,
      });
    }
  });
  const above = facts.index >= 0 ? items.slice(facts.index + 1) : [];
  const difficulty = above.reduce((sum, h) => sum + h.difficulty, 0n);
  const entropy = above.reduce((sum, h) => sum + intrinsicEntropy(h.hash), 0n);
  const claim = bundle.headers.work;
  const claimed = `${claim.headers} headers above the block: Σ difficulty ${formatInteger(claim.difficulty)}, entropy ${bits(claim.entropy)}`;
  const found = `${above.length} headers above the block: Σ difficulty ${formatInteger(difficulty)}, entropy ${bits(entropy)}`;
  conditions.push({ ok: claim.headers === above.length && claim.difficulty === difficulty && claim.entropy === entropy, expected: claimed, found });
  return allOf('work', conditions, {
    expected: claimed,
    found,
    detail: `About ${formatInteger(difficulty)} hashes were spent on top of the block in these headers, and each header's entropy is what its hashes give.`,
  });
}

export function checkCheckpoint(bundle: ReadBundle, facts: ChainFacts, checkpoint: Hash | undefined): EvidenceCheck {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const last = items[items.length - 1]!;
  if (!checkpoint) {
    const why =
      bundle.headers.end === 'span'
        ? `The headers stop ${HEADER_SPAN} blocks above the block (at ${at(last, ctx)}); the chain went on.`
        : bundle.headers.end === 'tip'
          ? `The headers end at ${at(last, ctx)}, the newest the ${bundle.source === 'node' ? 'node' : 'explorer'} knew (${bundle.createdAt}).`
          : `The headers were made to reach checkpoint ${bundle.headers.checkpoint ?? ''}, but none is pinned here.`;
    return unchecked(
      'checkpoint',
      `${why} A bundle cannot prove that no other chain has more work: pin a header hash you trust (from your own node) as your checkpoint to tie the block to it.`,
    );
  }
  const found = items.findIndex((h) => sameHex(h.hash, checkpoint));
  if (found < 0) {
    return fail('checkpoint', `your checkpoint ${checkpoint} among the headers`, `the headers run ${at(items[0]!, ctx)}–${at(last, ctx)} and do not include it`);
  }
  const distance = found - facts.index;
  const where = distance === 0 ? 'it is the block itself' : distance > 0 ? `${distance} blocks above the block` : `${-distance} blocks below the block`;
  return pass('checkpoint', `your checkpoint ${checkpoint} among the headers`, `header ${at(items[found]!, ctx)}, ${where}`, 'The parent links tie the block to the header you trust.');
}
