/**
 * For tests of node-work bounds: the Snare, a contract of our own that a caller would rather not
 * have the node run. Any call but one loops until its gas is gone (a token's balanceOf, an
 * allowance, symbol: every read burns all the gas it is given; the loop is of EXP, 1,610 gas a
 * step, so a traced run of it is few steps: what the tests bound is the gas, and what loops cost
 * the devnet per unit of gas is devnet/bench-calls.ts's to measure), and `plant(owner, count)` (64 bytes
 * of calldata: the owner's address word, then the count) emits `count` ERC-20 Approval events
 * naming `owner` with spenders 0x…01, 0x…02, … in one transaction: thousands of logs in one block,
 * and thousands of approvals that look real to an index.
 *
 * Hand-assembled (a dozen opcodes), so no compiler is needed and every byte is on this page.
 */
import { concatHex, encodeAbiParameters, toHex, type Address, type Hex } from 'viem';

/** keccak256("Approval(address,address,uint256)") */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

type Op = string | { readonly label: string } | { readonly push: string };

/** Opcodes (hex), labels (`{ label }`, a JUMPDEST) and pushes of a label's offset (`{ push }`, PUSH1). */
function assemble(ops: readonly Op[]): Hex {
  const offsets = new Map<string, number>();
  let at = 0;
  for (const op of ops) {
    if (typeof op === 'string') at += op.length / 2;
    else if ('label' in op) offsets.set(op.label, at++);
    else at += 2;
  }
  const code = ops.map((op) => {
    if (typeof op === 'string') return op;
    if ('label' in op) return '5b';
    const offset = offsets.get(op.push);
    if (offset === undefined || offset > 0xff) throw new Error(`no label ${op.push} within a byte`);
    return `60${offset.toString(16).padStart(2, '0')}`;
  });
  return `0x${code.join('')}`;
}

export const SNARE_RUNTIME: Hex = assemble([
  '36', '6040', '14', { push: 'plant' }, '57', // CALLDATASIZE == 64 → plant
  // Any other call: 2^256-1 raised to itself, over and over (1,610 gas an EXP), until the gas is gone.
  { label: 'burn' }, `7f${'ff'.repeat(32)}`, '80', '0a', '50', { push: 'burn' }, '56',
  { label: 'plant' },
  '6001', '6000', '52', // mem[0] = 1 (each Approval's amount)
  '6020', '35', // i = count (calldata word 1)
  { label: 'loop' },
  '80', '15', { push: 'done' }, '57', // i == 0 → done
  '80', // topic2 = spender i
  '6000', '35', // topic1 = owner (calldata word 0)
  `7f${APPROVAL_TOPIC.slice(2)}`, // topic0
  '6020', '6000', 'a3', // LOG3(0, 32, topic0, owner, i)
  '6001', '90', '03', // i = i - 1
  { push: 'loop' }, '56',
  { label: 'done' }, '00',
]);

/** Creation code: copies the runtime into memory and returns it. */
export function snareDeployData(): Hex {
  const length = (SNARE_RUNTIME.length - 2) / 2;
  // PUSH2 length, DUP1, PUSH1 12 (where the runtime starts: after these 12 bytes), PUSH1 0, CODECOPY, PUSH1 0, RETURN.
  const prefix: Hex = `0x61${length.toString(16).padStart(4, '0')}80600c6000396000f3`;
  return concatHex([prefix, SNARE_RUNTIME]);
}

/** Calldata of `plant(owner, count)`: `count` Approval events naming `owner`. */
export function plantData(owner: Address, count: number): Hex {
  return encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, BigInt(count)]);
}

/** Gas that `plant` of `count` approvals needs, with room (about 1,800 a log). */
export function plantGas(count: number): bigint {
  return 60_000n + 2_000n * BigInt(count);
}

/** The spender of the `i`-th planted approval (1-based). */
export function plantedSpender(i: number): Address {
  return toHex(i, { size: 20 });
}
