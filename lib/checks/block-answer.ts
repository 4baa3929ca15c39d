/**
 * A block answer checked against the question that fetched it: by height, the block has that
 * height on that chain; by hash, that hash, and (where the header layout allows recomputing it)
 * its header fields hash to it. Its location must belong to the chain it was asked of, its order
 * must put it on that chain (a block shown on a region is coincident there: order ≤ 1), the
 * node's transaction count must agree with the body it sent, and every transaction in the body
 * must name this block.
 */
import type { Hex } from 'viem';
import { LEVEL_NAMES, type Chain } from '@/lib/protocol/chains';
import { blockHash } from '@/lib/protocol/header';
import { meetsTarget } from '@/lib/protocol/pow';
import type { Block, BlockRef, Header, Transaction, Uncle } from '@/lib/rpc/domain';
import { answerReport, check, sameHex, type AnswerCheck, type AnswerReport } from './answer';
import { headerFieldsOf } from './seal';

const ORDER_NAMES = ['prime', 'region', 'zone'] as const;

function locationBytes(location: Hex): number[] {
  const body = location.slice(2);
  const bytes: number[] = [];
  for (let i = 0; i + 2 <= body.length; i += 2) bytes.push(parseInt(body.slice(i, i + 2), 16));
  return bytes;
}

const locationText = (bytes: readonly number[]): string =>
  bytes.length === 0 ? '0x (prime)' : `0x${bytes.map((b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * Whether a block with `location` can sit on `chain`: the chain's location path is a prefix of the
 * block's (a block mined in zone [0,1] is on cyprus, cyprus2 and prime). A shorter location
 * (genesis, or region-mined data) is accepted when it is a prefix of the chain's.
 */
export function locationBelongs(location: Hex, chain: Chain): boolean {
  const bytes = locationBytes(location);
  const n = Math.min(bytes.length, chain.location.length);
  for (let i = 0; i < n; i++) if (bytes[i] !== chain.location[i]) return false;
  return true;
}

/**
 * A header's identity checks: height or hash asked, and the location that must belong to the
 * chain. With 'latest' any height is an answer; only the location is checked.
 */
export function checkHeaderAnswer(chain: Chain, ref: BlockRef | 'latest', header: Header): AnswerCheck[] {
  const checks: AnswerCheck[] = [];
  const level = chain.level;
  if (ref === 'latest') {
    // Nothing to compare the height or hash with.
  } else if (ref.kind === 'number') {
    const got = header.number[level];
    checks.push(
      check(
        `number[${level}]`,
        ref.number.toString(),
        got.toString(),
        got === ref.number,
        got === ref.number ? undefined : `Asked for block ${ref.number} of ${chain.label}; the node answered with its ${LEVEL_NAMES[level]} block ${got}.`,
      ),
    );
  } else {
    const same = sameHex(header.hash, ref.hash);
    checks.push(check('hash', ref.hash, header.hash, same, same ? undefined : `Asked for block ${ref.hash}; the node answered with block ${header.hash}.`));
    if (same) checks.push(...recomputedHash(header, ref.hash));
  }
  const belongs = locationBelongs(header.location, chain);
  checks.push(
    check(
      'location',
      `${locationText(chain.location)} or below`,
      header.location,
      belongs,
      belongs ? undefined : `The block's own location is not under ${chain.label}: it is not a block of this chain.`,
    ),
  );
  return checks;
}

/**
 * The hash recomputed from the header fields. Only a hash that also meets the block's proof-of-work
 * target proves the layout is the one this explorer encodes (by chance it would not); otherwise
 * the header layout may simply differ (the seal check says so) and nothing is claimed.
 */
function recomputedHash(header: Header, asked: Hex): AnswerCheck[] {
  let recomputed: Hex;
  try {
    recomputed = blockHash(headerFieldsOf(header).fields);
  } catch {
    return [];
  }
  if (sameHex(recomputed, asked)) return [check('hash (recomputed from the header)', asked, recomputed, true)];
  if (header.difficulty > 0n && meetsTarget(recomputed, header.difficulty)) {
    return [
      check(
        'hash (recomputed from the header)',
        asked,
        recomputed,
        false,
        'The header fields hash to a different sealed block: the node labelled another block with the hash asked for.',
      ),
    ];
  }
  return [];
}

/** The coincident-block claim: a block on a level-L chain must be coincident at L (order ≤ L). */
export function checkOrder(chain: Chain, block: { readonly order: number; readonly number: readonly [bigint, bigint, bigint] }): AnswerCheck {
  const ok = block.order <= chain.level;
  return check(
    'order',
    `${chain.level === 2 ? 'prime, region or zone' : chain.level === 1 ? 'prime or region' : 'prime'} (on ${chain.label})`,
    `${ORDER_NAMES[block.order] ?? block.order}`,
    ok,
    ok ? undefined : `A ${ORDER_NAMES[block.order] ?? block.order} block is not coincident in ${chain.label}: it cannot be one of its blocks.`,
  );
}

/** The node's own transaction count against the body it sent (null count: the node did not say). */
export function checkCount(txCount: bigint | null, listed: number): AnswerCheck[] {
  if (txCount === null) return [];
  const ok = txCount === BigInt(listed);
  return [
    check(
      'transaction count',
      `${listed} (the transactions in the block's body)`,
      txCount.toString(),
      ok,
      ok ? undefined : `getBlockTransactionCount says ${txCount}, but the block's body lists ${listed}.`,
    ),
  ];
}

/** Every full transaction in the body names this block and its own position. */
export function checkBody(block: Pick<Block<'full'>, 'hash' | 'transactions'>): AnswerCheck[] {
  const wrong = block.transactions.flatMap((tx: Transaction, i) => {
    const out: string[] = [];
    if (tx.blockHash !== null && !sameHex(tx.blockHash, block.hash)) out.push(`#${i} names block ${tx.blockHash}`);
    if (tx.transactionIndex !== null && tx.transactionIndex !== i) out.push(`#${i} says it is at index ${tx.transactionIndex}`);
    return out;
  });
  if (wrong.length === 0) return [];
  return [check('transactions', `each names block ${block.hash} and its index`, wrong.join('; '), false, 'The body lists transactions of another block.')];
}

/** Everything the block page checks about the node's answer. */
export function checkBlockAnswer(chain: Chain, ref: BlockRef, block: Block<'full'>, txCount: bigint | null): AnswerReport {
  return answerReport([
    ...checkHeaderAnswer(chain, ref, block),
    checkOrder(chain, block),
    ...checkCount(txCount, block.transactions.length),
    ...checkBody(block),
  ]);
}

/** An uncle asked for by its including block and index: the one the block's body lists there, of this chain. */
export function checkUncleAnswer(chain: Chain, including: Pick<Block, 'uncles'>, index: number, uncle: Uncle): AnswerCheck[] {
  const listed = including.uncles[index];
  const checks: AnswerCheck[] = [];
  if (listed) {
    const same = sameHex(uncle.hash, listed.hash);
    checks.push(
      check(
        'uncle hash',
        `${listed.hash} (listed at index ${index})`,
        uncle.hash,
        same,
        same ? undefined : `The including block lists ${listed.hash} at index ${index}; the node answered with another header.`,
      ),
    );
  }
  const belongs = locationBelongs(uncle.location, chain);
  checks.push(check('uncle location', `${locationText(chain.location)} or below`, uncle.location, belongs));
  return checks;
}
