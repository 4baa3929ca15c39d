/**
 * The work the headers carry, and what it says:
 *
 * - `work`: each header's entropy bookkeeping (its total entropy from its parent entropy, order
 *   and hash, recorded by its child; its order recomputed from hash, difficulty and parentDeltaS
 *   where the layout is known) and the source's claim of the work above the block.
 * - `checkpoint work`: the work from the reader's checkpoint to the block and to the bundle's end.
 *   A checkpoint above the block fixes every header between by hash. One below it does not: a
 *   forger can fork from it. Their fork must follow the difficulty rule from the checkpoint's
 *   difficulty, so making it cheaper means claiming long intervals (bounded by the reader's clock),
 *   which lowers its work per second: a fork whose Σ difficulty over its timestamps' span is below
 *   1/WORK_RATE_FLOOR of the checkpoint's rate (its difficulty per target block time) is not the
 *   chain the checkpoint vouches for.
 * - `dominant chains`: a zone block coincident with its region (or prime), or below one that is,
 *   is built on by the dominant chain's headers too: those in the bundle are checked (the same
 *   block, sealed, linked, in time order, coincident, at least the minimum) and their work reported.
 */
import { sameHex } from '@/lib/checks/answer';
import { dominantAt, getChain } from '@/lib/protocol/chains';
import { formatInteger, plural } from '@/lib/text/format';
import { calcOrder, intrinsicEntropy, totalEntropy } from '@/lib/protocol/entropy';
import { powTarget } from '@/lib/protocol/pow';
import type { ChainHeader, ReadBundle, ReadDominant } from './read-bundle';
import { allOf, fail, pass, unchecked, type Condition, type EvidenceCheck } from './report';
import { at, bits, hashHolds, layoutReason, layoutUnknown, type ChainFacts } from './verify-chain';

/** A fork from a checkpoint below the block must keep at least 1/8 of the checkpoint's work per second. */
export const WORK_RATE_FLOOR = 8n;

const hex = (n: bigint) => `0x${n.toString(16)}`;
const sum = (hs: readonly ChainHeader[]) => hs.reduce((s, h) => s + h.difficulty, 0n);
const hashes = (n: bigint) => `${formatInteger(n)} hashes`;

export function checkWork(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const rules = facts.net.rules;
  const conditions: Condition[] = [];
  const totals = items.map((h) => totalEntropy(h.order, h.parentEntropy, h.parentDeltaS, intrinsicEntropy(h.hash)));
  items.forEach((h, i) => {
    if (rules?.layoutKnown && h.number[ctx] !== 0n) {
      const order = calcOrder(h.hash, h.difficulty, h.parentDeltaS, rules.orderTargets);
      conditions.push({
        ok: order === h.order,
        expected: `header ${at(h, ctx)}'s order ${h.order} (the node's)`,
        found: `order ${order} from its hash, difficulty and parentDeltaS`,
        detail: 'A block is coincident with its region or prime only when its hash is far enough below its target: the order is recomputed, not believed.',
      });
    }
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
  const difficulty = sum(above);
  const entropy = above.reduce((s, h) => s + intrinsicEntropy(h.hash), 0n);
  const claim = bundle.headers.work;
  const claimed = `${claim.headers} headers above the block: Σ difficulty ${formatInteger(claim.difficulty)}, entropy ${bits(claim.entropy)}`;
  const found = `${above.length} headers above the block: Σ difficulty ${formatInteger(difficulty)}, entropy ${bits(entropy)}`;
  conditions.push({ ok: claim.headers === above.length && claim.difficulty === difficulty && claim.entropy === entropy, expected: claimed, found });
  return allOf('work', conditions, {
    expected: claimed,
    found,
    detail: `About ${formatInteger(difficulty)} hashes were spent on top of the block in these headers, and each header's entropy and order are what its hash gives.`,
  });
}

export function checkCheckpointWork(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck {
  const items = bundle.headers.items;
  const ctx = facts.context;
  const last = items[items.length - 1]!;
  if (!facts.checkpoint) {
    return unchecked(
      'checkpoint work',
      `No checkpoint: nothing says which chain these headers must be part of. Re-sealing all ${items.length} of them would take about ${hashes(sum(items))} (their Σ difficulty).`,
    );
  }
  const c = facts.checkpointIndex;
  if (c < 0 || facts.index < 0) return unchecked('checkpoint work', 'Your checkpoint is not among the headers (the checkpoint check says so).');
  const checkpoint = items[c]!;
  if (c >= facts.index) {
    const between = items.slice(facts.index + 1, c + 1);
    return pass(
      'checkpoint work',
      `the headers from the block to your checkpoint ${at(checkpoint, ctx)}, fixed by its hash`,
      `${plural(between.length, 'header')}, Σ difficulty ${formatInteger(sum(between))}`,
      'Changing the block would change every hash up to your checkpoint: no amount of work makes another chain reach it.',
    );
  }
  const toBlock = items.slice(c + 1, facts.index + 1);
  const toEnd = items.slice(c + 1);
  const span = last.timestamp - checkpoint.timestamp;
  const totals =
    `from your checkpoint ${at(checkpoint, ctx)}: Σ difficulty ${formatInteger(sum(toBlock))} to the block (${plural(toBlock.length, 'header')}), ` +
    `${formatInteger(sum(toEnd))} to the bundle's end ${at(last, ctx)} (${plural(toEnd.length, 'header')}) over ${formatInteger(span)} s`;
  const rules = facts.net.rules;
  if (!rules || ctx !== 2 || items.some((h) => layoutUnknown(facts, h))) {
    const why = !rules
      ? 'no rules are known for this network'
      : ctx !== 2
        ? `a ${bundle.chain.label} chain's headers come from several zones at their own difficulties`
        : layoutReason(facts);
    return unchecked('checkpoint work', `${totals[0]!.toUpperCase()}${totals.slice(1)}. Its rate against your checkpoint's is not checked: ${why}.`);
  }
  // rate(fork) = Σd / span ≥ rate(checkpoint) / FLOOR, with rate(checkpoint) = d_C / blockTime.
  const blockMs = BigInt(Math.round(rules.blockTimeMs));
  const work = sum(toEnd);
  const ok = span <= 0n || work * WORK_RATE_FLOOR * blockMs >= checkpoint.difficulty * 1000n * span;
  const perSecond = span > 0n ? `${formatInteger(work / span)} hashes/s` : 'no time elapsed';
  const checkpointRate = (checkpoint.difficulty * 1000n) / blockMs;
  const percent = span > 0n && checkpointRate > 0n ? ` (${formatInteger((work * 100n) / span / checkpointRate)}% of your checkpoint's)` : '';
  const expected = `at least 1/${WORK_RATE_FLOOR} of your checkpoint's work per second: ${formatInteger(checkpoint.difficulty)} per ${formatInteger(BigInt(Math.round(rules.blockTimeMs)))} ms = ${formatInteger(checkpointRate)} hashes/s`;
  const found = `${totals}: ${perSecond}${percent}`;
  return ok
    ? pass('checkpoint work', expected, found, 'A fork from your checkpoint would need about this much work, following the difficulty rule from it, in no more time than its headers claim.')
    : fail(
        'checkpoint work',
        expected,
        found,
        'These headers do far less work per second than the chain at your checkpoint did: a fork made cheaply by claiming long intervals, not the chain your checkpoint vouches for.',
      );
}

function dominantConditions(bundle: ReadBundle, facts: ChainFacts, chain: ReadDominant, coincident: ChainHeader): Condition[] {
  const level = chain.context;
  const dominant = dominantAt(bundle.chain, level);
  const location = `0x${dominant.location.map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  const rules = facts.net.rules;
  const conditions: Condition[] = [
    {
      ok: sameHex(chain.items[0]!.hash, coincident.hash),
      expected: `${dominant.label}'s headers from block ${coincident.hash} (${at(coincident, facts.context)}, order ${coincident.order})`,
      found: `they start at ${chain.items[0]!.hash}`,
    },
  ];
  chain.items.forEach((h, i) => {
    if (!layoutUnknown(facts, h)) {
      conditions.push({ ok: hashHolds(h), expected: `${dominant.label} header ${at(h, level)} hashes to ${h.hash}`, found: 'its fields hash otherwise' });
      conditions.push({ ok: h.difficulty > 0n && BigInt(h.hash) <= powTarget(h.difficulty > 0n ? h.difficulty : 1n), expected: `${dominant.label} header ${at(h, level)} sealed`, found: h.hash });
    }
    if (rules?.layoutKnown) {
      const order = calcOrder(h.hash, h.difficulty, h.parentDeltaS, rules.orderTargets);
      conditions.push({ ok: order <= level && order === h.order, expected: `${dominant.label} header ${at(h, level)} coincident (order ≤ ${level})`, found: `order ${order} from its hash (the node says ${h.order})` });
    } else {
      conditions.push({ ok: h.order <= level, expected: `${dominant.label} header ${at(h, level)} coincident (order ≤ ${level})`, found: `order ${h.order}` });
    }
    if (rules) conditions.push({ ok: h.difficulty >= rules.difficulty.minimum, expected: `${dominant.label} header ${at(h, level)} at least the minimum difficulty`, found: formatInteger(h.difficulty) });
    conditions.push({ ok: h.location.toLowerCase().startsWith(location), expected: `${dominant.label} header ${at(h, level)} mined under ${dominant.label}`, found: `location ${h.location}` });
    if (i > 0) {
      const parent = chain.items[i - 1]!;
      conditions.push({ ok: h.number[level] === parent.number[level] + 1n, expected: `${dominant.label} header ${at(parent, level)} followed by ${formatInteger(parent.number[level] + 1n)}`, found: at(h, level) });
      conditions.push({ ok: sameHex(h.parentHash[level], parent.hash), expected: `${dominant.label} header ${at(h, level)} names ${parent.hash} as its parent`, found: `parentHash[${level}] ${h.parentHash[level]}` });
      conditions.push({ ok: h.timestamp >= parent.timestamp, expected: `${dominant.label} header ${at(h, level)} no older than its parent (${parent.timestamp})`, found: `time ${h.timestamp}` });
    }
  });
  return conditions;
}

export function checkDominant(bundle: ReadBundle, facts: ChainFacts): EvidenceCheck | undefined {
  const ctx = facts.context;
  if (ctx === 0 || facts.index < 0) return undefined;
  const items = bundle.headers.items;
  const last = items[items.length - 1]!;
  const conditions: Condition[] = [];
  const said: string[] = [];
  const held: string[] = [];
  for (const level of ctx === 2 ? ([1, 0] as const) : ([0] as const)) {
    const label = dominantAt(bundle.chain, level).label;
    const coincident = items.slice(facts.index).find((h) => h.order <= level);
    const chain = bundle.dominant.find((d) => d.context === level);
    if (!coincident) {
      if (chain) conditions.push({ ok: false, expected: `no ${label} headers: none of ${bundle.chain.label}'s from the block on is coincident with ${label}`, found: `${chain.items.length} of them` });
      said.push(`none of the headers from the block to ${at(last, ctx)} is coincident with ${label} yet`);
      continue;
    }
    const distance = items.indexOf(coincident) - facts.index;
    const where = distance === 0 ? 'the block itself is' : `${at(coincident, ctx)}, ${distance} above the block, is`;
    if (!chain) {
      said.push(`${where} coincident with ${label}, but the bundle carries none of ${label}'s headers (the source did not ask ${label}'s node)`);
      continue;
    }
    conditions.push(...dominantConditions(bundle, facts, chain, coincident));
    const building = chain.items.slice(1);
    held.push(
      `${where} a ${label} block; ${building.length} ${label} headers ${building.length ? `${at(building[0]!, level)}–${at(building[building.length - 1]!, level)} ` : ''}build on it: Σ difficulty ${formatInteger(sum(building))}`,
    );
  }
  const broken = conditions.find((c) => !c.ok);
  if (broken) return fail('dominant chains', broken.expected, broken.found, broken.detail);
  if (held.length === 0) return unchecked('dominant chains', `${said.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()));
  return pass(
    'dominant chains',
    `the ${[...new Set(bundle.dominant.map((d) => getChain(dominantAt(bundle.chain, d.context).name).label))].join(' and ')} headers building on the block`,
    held.join('; '),
    `Their work confirms the block as well: changing it would change the coincident block they link to.${said.length ? ` Also: ${said.join('; ')}.` : ''}`,
  );
}
