/**
 * Forging headers for the verifier's tests, the way a forger would: change what a header commits
 * to, then re-seal it and every header above it with real blake3 proof of work, each naming the
 * one before it as its parent, with its parent entropy, parentDeltaS, order and total entropy
 * recomputed — so that the hash, seal, parent-link and entropy checks all hold and only what the
 * forger could not do (the work, the difficulty rule, the clock, a checkpoint) can catch it.
 * Test support: never imported by the verifier.
 */
import type { Hex } from 'viem';
import { headerFieldsOf } from '@/lib/checks/seal';
import { calcOrder, childEntropyFields, intrinsicEntropy, totalEntropy, type OrderTargets } from '@/lib/protocol/entropy';
import type { HeaderFields } from '@/lib/protocol/header';
import { mineNonce } from '@/lib/protocol/pow';
import { parseHeader } from '@/lib/rpc/parse/header';
import { blockOrder } from '@/lib/rpc/parse/fields';
import type { NodeJson } from '../bundle';

const q = (n: bigint): Hex => `0x${n.toString(16)}`;

export interface ForgedHeader {
  readonly fields: HeaderFields;
  readonly hash: Hex;
  readonly order: 0 | 1 | 2;
  readonly totalEntropy: bigint;
}

/** A bundle item (the node's block object without bodies) as the forger writes it back. */
function toJson(original: NodeJson, h: ForgedHeader): NodeJson {
  return {
    ...original,
    difficulty: q(h.fields.difficulty),
    timestamp: q(h.fields.timestamp),
    parentHash: [...h.fields.parentHash],
    parentEntropy: h.fields.parentEntropy.map(q),
    parentDeltaS: h.fields.parentDeltaS.map(q),
    stateRoot: h.fields.stateRoot,
    transactionsRoot: h.fields.transactionsRoot,
    receiptsRoot: h.fields.receiptsRoot,
    extraData: h.fields.extraData,
    nonce: h.fields.nonce,
    hash: h.hash,
    order: h.order,
    totalEntropy: q(h.totalEntropy),
  };
}

export function readForged(json: NodeJson): ForgedHeader {
  const header = parseHeader(json);
  return {
    fields: headerFieldsOf(header).fields,
    hash: header.hash,
    order: blockOrder(json.order, 'order') as 0 | 1 | 2,
    totalEntropy: BigInt(json.totalEntropy as string),
  };
}

/** Finds a nonce with real proof of work (low difficulties: a forger's budget). */
export function seal(fields: HeaderFields): { fields: HeaderFields; hash: Hex } {
  for (let start = 0n; ; start += 1n << 22n) {
    const mined = mineNonce(fields, { startNonce: start, maxIterations: 1 << 22 });
    if (mined) return { fields: mined.header, hash: mined.hash };
  }
}

export interface ResealPlan {
  /** The zone context's index (2). */
  readonly context: 0 | 1 | 2;
  readonly targets: OrderTargets;
  /** What the forger changes in header i before sealing it (roots, extra data…). */
  readonly change?: (i: number, fields: HeaderFields) => HeaderFields;
  /** The difficulty header i is sealed at, given the (forged) headers below it. */
  readonly difficulty: (i: number, below: readonly ForgedHeader[]) => bigint;
  /** Header i's timestamp (default: the original's, kept no older than its new parent's). */
  readonly timestamp?: (i: number, below: readonly ForgedHeader[]) => bigint;
}

/**
 * Re-seals `items[from…]`: each changed, given its difficulty and time, linked to the (re-sealed)
 * header before it, its entropy fields recomputed, then mined. Returns the new items (those below
 * `from` as they were).
 */
export function reseal(items: readonly NodeJson[], from: number, plan: ResealPlan): NodeJson[] {
  const ctx = plan.context;
  const headers = items.map(readForged);
  const out = [...items];
  for (let i = from; i < items.length; i++) {
    const parent = headers[i - 1]!;
    const original = headers[i]!.fields;
    let fields: HeaderFields = plan.change ? plan.change(i, original) : original;
    const below = headers.slice(0, i);
    const timestamp = plan.timestamp ? plan.timestamp(i, below) : original.timestamp > parent.fields.timestamp ? original.timestamp : parent.fields.timestamp;
    const entropy = childEntropyFields(
      { order: parent.order, totalEntropy: parent.totalEntropy, parentDeltaS: parent.fields.parentDeltaS, s: intrinsicEntropy(parent.hash) },
      ctx,
    );
    const set = <T>(triple: readonly [T, T, T], value: T): [T, T, T] => triple.map((v, k) => (k === ctx ? value : v)) as [T, T, T];
    fields = {
      ...fields,
      difficulty: plan.difficulty(i, below),
      timestamp,
      parentHash: set(fields.parentHash, parent.hash),
      parentEntropy: set(fields.parentEntropy, entropy.parentEntropy),
      parentDeltaS: set(fields.parentDeltaS, entropy.parentDeltaS),
    };
    const sealed = seal(fields);
    const order = calcOrder(sealed.hash, sealed.fields.difficulty, sealed.fields.parentDeltaS, plan.targets);
    const forged: ForgedHeader = {
      fields: sealed.fields,
      hash: sealed.hash,
      order,
      totalEntropy: totalEntropy(order, sealed.fields.parentEntropy, sealed.fields.parentDeltaS, intrinsicEntropy(sealed.hash)),
    };
    headers[i] = forged;
    out[i] = toJson(items[i]!, forged);
  }
  return out;
}
