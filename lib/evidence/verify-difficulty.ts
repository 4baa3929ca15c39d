/**
 * The difficulty each header must have, and its time. go-quai checks a zone header's difficulty
 * against CalcDifficulty(parent) and its time against its parent's and the node's clock
 * (consensus/blake3pow/consensus.go, verifyHeader); so does this verifier, with the network's rule
 * (lib/protocol/difficulty.ts, picked by ./verify-network.ts):
 *
 * - `difficulty`: every header whose parent and grandparent are in the bundle has exactly the
 *   difficulty the rule gives, the block's own included (a bundle carries the two headers below it
 *   for that), and none is below the network's minimum. A region or prime chain's headers are
 *   zone blocks of different zones, each retargeted in its own zone: only the minimum holds for them.
 * - `timestamps`: no header is older than its parent, and none is later than the reader's clock
 *   plus the network's drift (15 s): lowering the difficulty takes long claimed intervals, and
 *   those need timestamps the reader's clock has not reached yet.
 */
import { formatInteger } from '@/lib/text/format';
import { calcDifficulty, describeRule, type RetargetHeader } from '@/lib/protocol/difficulty';
import type { ChainHeader, ReadBundle } from './read-bundle';
import { allOf, unchecked, type Condition, type EvidenceCheck } from './report';
import { at, layoutReason, layoutUnknown, type ChainFacts } from './verify-chain';
import { networkName } from './verify-network';

const retarget = (h: ChainHeader, ctx: number): RetargetHeader => ({ number: h.number[ctx]!, difficulty: h.difficulty, timestamp: h.timestamp, sha3Uncles: h.sha3Uncles });

/** The first index whose difficulty the bundle lets one recompute: its parent and grandparent (or a genesis parent) are there. */
function firstComputable(items: readonly ChainHeader[], ctx: number): number {
  return items[0] && items[0].number[ctx] === 0n ? 1 : 2;
}

export function checkDifficulty(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const rules = facts.net.rules;
  const items = bundle.headers.items;
  const ctx = facts.context;
  if (!rules) return unchecked('difficulty', `No difficulty rule is known for ${networkName(facts.net)}: the network check says why.`);
  const rule = rules.difficulty;
  if (items.some((h) => layoutUnknown(facts, h))) {
    return unchecked('difficulty', `${layoutReason(facts)} Which release mined these headers, and so which rule they follow, cannot be told.`);
  }
  const minimum: Condition[] = items.map((h) => ({
    ok: h.difficulty >= rule.minimum,
    expected: `header ${at(h, ctx)} at least the minimum difficulty ${formatInteger(rule.minimum)} of ${networkName(facts.net)}`,
    found: `difficulty ${formatInteger(h.difficulty)}`,
    detail: 'No block of this network can be sealed below its minimum difficulty.',
  }));
  if (ctx !== 2) {
    const low = allOf('difficulty', minimum, { expected: '', found: '' });
    if (low.status === 'fail') return low;
    return unchecked(
      'difficulty',
      `Each of the ${items.length} headers is at least the minimum ${formatInteger(rule.minimum)}. A ${bundle.chain.label} header is a zone block coincident above: ` +
        'its difficulty follows its own zone\'s chain, whose headers are not in this bundle (the zone\'s bundle of the same block checks it).',
    );
  }
  const from = firstComputable(items, ctx);
  const mustFrom = facts.checkpointIndex >= 0 && facts.checkpointIndex < facts.index ? facts.checkpointIndex + 1 : facts.index;
  const conditions: Condition[] = [];
  if (facts.block && facts.block.number[ctx] !== 0n) {
    conditions.push({
      ok: mustFrom >= from,
      expected: `the two headers below ${mustFrom === facts.index ? 'the block' : 'your checkpoint\'s child'} (its parent and grandparent), to recompute its difficulty`,
      found: `${mustFrom} header${mustFrom === 1 ? '' : 's'} below it (the headers start at ${at(items[0]!, ctx)})`,
      detail: 'A header\'s difficulty is set by its parent\'s difficulty and the time between its parent and grandparent: without them it could be anything.',
    });
  }
  conditions.push(...minimum);
  let checked = 0;
  for (let i = from; i < items.length; i++) {
    const h = items[i]!;
    const expected = calcDifficulty(rule, retarget(items[i - 1]!, ctx), items[i - 2] ? retarget(items[i - 2]!, ctx) : undefined);
    checked++;
    conditions.push({
      ok: h.difficulty === expected,
      expected: `header ${at(h, ctx)}'s difficulty ${formatInteger(expected)}, as the rule gives it from its parent ${at(items[i - 1]!, ctx)}`,
      found: `difficulty ${formatInteger(h.difficulty)}`,
      detail: `The rule of ${networkName(facts.net)}: ${describeRule(rule)}.`,
    });
  }
  const last = items[items.length - 1]!;
  return allOf('difficulty', conditions, {
    expected: `each header's difficulty from its parent and grandparent: ${describeRule(rule)}`,
    found: checked > 0 ? `${checked} headers ${at(items[from]!, ctx)}–${at(last, ctx)} have it` : 'the block is the genesis block',
    detail: 'A forger cannot lower the difficulty to seal cheaply: each header\'s is fixed by the ones below it.',
  });
}

export function checkTimestamps(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const drift = facts.net.rules?.futureDrift ?? 15n;
  const latest = facts.now + drift;
  const conditions: Condition[] = [];
  items.forEach((h, i) => {
    if (i > 0) {
      const parent = items[i - 1]!;
      conditions.push({ ok: h.timestamp >= parent.timestamp, expected: `header ${at(h, ctx)} no older than its parent (${parent.timestamp})`, found: `time ${h.timestamp}` });
    }
    conditions.push({
      ok: h.timestamp <= latest,
      expected: `header ${at(h, ctx)} no later than your clock + ${drift} s (${latest})`,
      found: `time ${h.timestamp}, ${h.timestamp - facts.now} s ahead of your clock`,
      detail: 'A header from the future is how a forger claims long intervals to lower the difficulty; go-quai refuses it too.',
    });
  });
  for (const dominant of bundle.dominant) {
    for (const h of dominant.items) {
      conditions.push({ ok: h.timestamp <= latest, expected: `dominant header ${at(h, dominant.context)} no later than your clock + ${drift} s`, found: `time ${h.timestamp}` });
    }
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  return allOf('timestamps', conditions, {
    expected: `headers in time order, none after your clock + ${drift} s`,
    found: `${at(first, ctx)} at ${new Date(Number(first.timestamp) * 1000).toISOString()} to ${at(last, ctx)} at ${new Date(Number(last.timestamp) * 1000).toISOString()} (${formatInteger(last.timestamp - first.timestamp)} s)`,
  });
}
