/**
 * The report's first words: whether anything outside the bundle ties it to the network's chain.
 * Without a checkpoint every check can hold and still prove only that the bundle agrees with
 * itself; with one, the report says what the checkpoint establishes from where it sits (above
 * the block: hash links; below it: work) and that it is only as good as where the reader got it.
 */
import { formatInteger, plural } from '@/lib/text/format';
import type { ReadBundle } from './read-bundle';
import type { Anchor } from './report';
import { at, type ChainFacts } from './verify-chain';
import { networkName } from './verify-network';

const ELSEWHERE =
  'A checkpoint is only as good as where you got it: a header hash from your own node, or one the operator publishes outside this explorer, ties the block to the network; one pinned from the explorer that made this bundle shows only that the explorer is consistent with itself.';

export function anchorOf(bundle: ReadBundle, facts: ChainFacts): Anchor {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const work = items.reduce((s, h) => s + h.difficulty, 0n);
  if (!facts.checkpoint) {
    return {
      anchored: false,
      text:
        `No checkpoint was given, so this bundle is checked only against itself: its block is sealed, and its ${items.length} headers link, ` +
        `follow the difficulty rule of ${networkName(facts.net)} and carry about ${formatInteger(work)} hashes of work. ` +
        'That does not show that the network\'s chain holds this block: anyone who re-seals these headers, doing that much work, can make a bundle that passes. ' +
        'Give a header hash you got elsewhere (your own node, or a checkpoint the operator publishes) as the checkpoint to anchor it.',
    };
  }
  const c = facts.checkpointIndex;
  if (c < 0 || facts.index < 0) {
    return { anchored: false, text: `Your checkpoint ${facts.checkpoint} is not among these headers: nothing ties them to it, and the checkpoint check fails.` };
  }
  const checkpoint = items[c]!;
  const distance = c - facts.index;
  if (distance >= 0) {
    return {
      anchored: true,
      text:
        `${distance === 0 ? 'Your checkpoint is the block itself' : `Your checkpoint ${at(checkpoint, ctx)} is ${plural(distance, 'header')} above the block`}: ` +
        `the hash links fix every header from the block to it, so the block is in the chain your checkpoint is in. ${ELSEWHERE}`,
    };
  }
  const above = items.slice(c + 1).reduce((s, h) => s + h.difficulty, 0n);
  return {
    anchored: true,
    text:
      `Your checkpoint ${at(checkpoint, ctx)} is ${plural(-distance, 'header')} below the block: the block is built on it, with about ${formatInteger(above)} hashes of work from it to the bundle's end ` +
      `(\`checkpoint work\` says whether that is the work per second of the chain at your checkpoint). A fork from your checkpoint would need as much; ` +
      `a checkpoint above the block would rule forks out by hash. ${ELSEWHERE}`,
  };
}
