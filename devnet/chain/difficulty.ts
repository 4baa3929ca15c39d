/**
 * Difficulty retargeting for the devnet's zones: lib/protocol/difficulty.ts's `strata-devnet` rule,
 * read from the parent's and grandparent's headers only (their timestamps, the parent's
 * difficulty and uncles), so that anyone holding the headers — the evidence verifier — computes
 * the same number. The parameters come from lib/protocol/network-rules.ts (`devnetRules`): the
 * target is the devnet's block time, the step 1/16 of the difficulty per target interval, a slow
 * block takes off at most 3/16, and the difficulty never goes below a quarter of the genesis
 * difficulty (the simulated hash rate times the block time).
 *
 * Each zone's miner hashes at a throttled, roughly constant rate (so the devnet stays cheap on a
 * shared machine); what slows it is the machine — a template executed under CPU load, timers that
 * oversleep — and the clamp and the minimum keep that from driving the difficulty to the floor,
 * after which the zone would mine dozens of blocks a second (difficulty.test.ts simulates both).
 */
import { calcDifficulty, type DifficultyRule } from '@/lib/protocol/difficulty';
import type { SealedBlock } from './block';

const retargetFields = (b: SealedBlock) => ({
  number: b.header.number[2],
  difficulty: b.header.difficulty,
  timestamp: b.header.timestamp,
  sha3Uncles: b.header.sha3Uncles,
});

/** The difficulty of the next block on `parent` (whose own parent is `grandparent`, absent for genesis). */
export function difficultyAfter(rule: DifficultyRule, parent: SealedBlock, grandparent: SealedBlock | undefined): bigint {
  return calcDifficulty(rule, retargetFields(parent), grandparent ? retargetFields(grandparent) : undefined);
}
