import { describe, expect, test } from 'vitest';
import { keccak256, toHex } from 'viem';
import {
  calcOrder, childEntropyFields, deltaEntropy, entropyThreshold, intrinsicEntropy, log2Fixed, ONE, totalEntropy,
} from './entropy';

describe('log2Fixed', () => {
  test('exact on powers of two', () => {
    for (const k of [0n, 1n, 7n, 64n, 200n, 256n]) expect(log2Fixed(1n << k)).toBe(k * ONE);
  });

  test('matches floor(2^64·log2 x) computed independently (Python decimal, 80 digits)', () => {
    // python3: from decimal import *; getcontext().prec=80; int(Decimal(x).ln()/Decimal(2).ln()*2**64)
    expect(log2Fixed(3n)).toBe(29237397617229858719n);
    expect(log2Fixed(10n)).toBe(61278757397652712441n);
    expect(log2Fixed(21n)).toBe(81023955388495307474n);
    expect(log2Fixed(441n)).toBe(162047910776990614949n);
    expect(log2Fixed(1000n)).toBe(183836272192958137323n);
    expect(log2Fixed(61847529070362n)).toBe(845115096686735053531n); // fraction .00007: close to an integer unit
  });

  test('rejects zero', () => {
    expect(() => log2Fixed(0n)).toThrow(RangeError);
  });
});

describe('intrinsic entropy and threshold', () => {
  test('S of a hash 2^k is 256-k bits', () => {
    expect(intrinsicEntropy(1n << 226n)).toBe(30n * ONE);
    expect(intrinsicEntropy(`0x${'0'.repeat(8)}1${'0'.repeat(55)}`)).toBe(36n * ONE); // 0x00000000 1 00…: 2^220
  });
  test('S divides first: S(h) = log2(⌊2^256/h⌋)', () => {
    // 2^256 / 0x48d159e242af37bc << 150 floors to 61847529070362 (python), whose log2 is checked above
    expect(intrinsicEntropy(0x1234567890abcdefn << 150n)).toBe(845115096686735053531n);
  });
  test('T = 2^64·log2(difficulty); a hash exactly at target has S = T', () => {
    expect(entropyThreshold(1n << 20n)).toBe(20n * ONE);
    const d = 123456789n;
    // ⌊2^256/⌊2^256/d⌋⌋ = d for small d, so the target hash has exactly the threshold entropy
    expect(intrinsicEntropy((1n << 256n) / d)).toBe(entropyThreshold(d));
  });
});

describe('calcOrder (hand-computed cases, difficulty 2^20: T = 20 bits)', () => {
  const d = 1n << 20n;
  const bits = (x: bigint) => x * ONE;
  // Region needs S > 20 + log2(21) ≈ 24.39 bits and pΔS[2] + S > 10·20 = 200 bits.
  // Prime needs S > 20 + log2(441) ≈ 28.78 bits and pΔS[1] + pΔS[2] + S > 220·20 = 4400 bits.
  const hash30 = 1n << 226n; // S = 30 bits: passes both first conditions
  const hash25 = 1n << 231n; // S = 25 bits: passes region's, not prime's
  const hash24 = 1n << 232n; // S = 24 bits: passes neither

  test('few leading zero bits → zone, whatever the accumulated entropy', () => {
    expect(calcOrder(hash24, d, [0n, bits(10_000n), bits(10_000n)])).toBe(2);
    expect(calcOrder(`0x${'f'.repeat(64)}`, d, [0n, 0n, 0n])).toBe(2);
  });

  test('enough zero bits but too little parentDeltaS → zone', () => {
    expect(calcOrder(hash30, d, [0n, 0n, 0n])).toBe(2);
    expect(calcOrder(hash30, d, [0n, 0n, bits(170n)])).toBe(2); // 170 + 30 = 200, not > 200
  });

  test('region once pΔS[2] + S exceeds 10·T', () => {
    expect(calcOrder(hash30, d, [0n, 0n, bits(170n) + 1n])).toBe(1);
    expect(calcOrder(hash25, d, [0n, bits(10_000n), bits(176n)])).toBe(1); // 201 > 200; prime fails on S
  });

  test('prime once pΔS[1] + pΔS[2] + S exceeds 220·T', () => {
    expect(calcOrder(hash30, d, [0n, bits(4000n), bits(370n) + 1n])).toBe(0);
    expect(calcOrder(hash30, d, [0n, bits(4000n), bits(370n)])).toBe(1); // 4400 exactly: region instead
    expect(calcOrder(hash30, d, [bits(1n << 20n), 0n, bits(4000n)])).toBe(1); // pΔS[0] does not count
  });

  test('configurable targets (devnet demo values)', () => {
    // region 3, prime 9: region needs S > 20 + 1.58 and pΔS[2] + S > 1·20; prime S > 20 + 3.17 and > 4·20
    const targets = { region: 3, prime: 9 };
    expect(calcOrder(1n << 234n, d, [0n, 0n, 0n], targets)).toBe(1); // S = 22: region (22 > 20)
    expect(calcOrder(1n << 232n, d, [0n, 0n, bits(60n)], targets)).toBe(0); // S = 24: 84 > 80
    expect(calcOrder(1n << 232n, d, [0n, 0n, bits(56n)], targets)).toBe(1); // 80, not > 80
    expect(calcOrder(1n << 235n, d, [0n, bits(100n), bits(100n)], targets)).toBe(2); // S = 21 < 21.58
  });

  test('about 1 in 21 mined hashes passes the region entropy condition, 1 in 441 the prime one', () => {
    // Mined hashes are uniform in [0, target]. Deterministic pseudo-random samples via keccak.
    const target = (1n << 256n) / d;
    const t = entropyThreshold(d);
    const regionBar = t + log2Fixed(21n);
    const primeBar = t + log2Fixed(441n);
    const n = 6000;
    let region = 0;
    let prime = 0;
    for (let i = 0; i < n; i++) {
      const h = BigInt(keccak256(toHex(i))) % (target + 1n);
      const s = intrinsicEntropy(h);
      if (s > regionBar) region++;
      if (s > primeBar) prime++;
    }
    // Expected 6000/21 ≈ 286 (σ ≈ 16.5) and 6000/441 ≈ 13.6 (σ ≈ 3.7); tolerances ≈ 5σ.
    expect(region).toBeGreaterThan(286 - 80);
    expect(region).toBeLessThan(286 + 80);
    expect(prime).toBeGreaterThan(0);
    expect(prime).toBeLessThan(35);
  });
});

describe('total and child entropy', () => {
  const pE = [1000n, 200n, 30n] as const;
  const pDS = [0n, 50n, 7n] as const;
  test('totalEntropy = parentEntropy[order] + parentDeltaS below order + S', () => {
    expect(totalEntropy(2, pE, pDS, 5n)).toBe(30n + 5n);
    expect(totalEntropy(1, pE, pDS, 5n)).toBe(200n + 7n + 5n);
    expect(totalEntropy(0, pE, pDS, 5n)).toBe(1000n + 50n + 7n + 5n);
  });
  test('deltaEntropy per order', () => {
    expect(deltaEntropy(0, pDS, 5n)).toBe(0n);
    expect(deltaEntropy(1, pDS, 5n)).toBe(50n + 7n + 5n);
    expect(deltaEntropy(2, pDS, 5n)).toBe(7n + 5n);
  });
  test('childEntropyFields', () => {
    const zoneParent = { order: 2 as const, totalEntropy: 35n, parentDeltaS: pDS, s: 5n };
    expect(childEntropyFields(zoneParent, 2)).toEqual({ parentEntropy: 35n, parentDeltaS: 12n });
    const regionParent = { order: 1 as const, totalEntropy: 212n, parentDeltaS: pDS, s: 5n };
    // in the zone context the parent was coincident above: delta resets
    expect(childEntropyFields(regionParent, 2)).toEqual({ parentEntropy: 212n, parentDeltaS: 0n });
    expect(childEntropyFields(regionParent, 1)).toEqual({ parentEntropy: 212n, parentDeltaS: 62n });
    const primeParent = { order: 0 as const, totalEntropy: 1062n, parentDeltaS: pDS, s: 5n };
    expect(childEntropyFields(primeParent, 0)).toEqual({ parentEntropy: 1062n, parentDeltaS: 0n });
    expect(childEntropyFields(primeParent, 1)).toEqual({ parentEntropy: 1062n, parentDeltaS: 0n });
  });
});

describe('against a real colosseum block (go-quai v0.11, from the public docs)', () => {
  test('totalEntropy − parentEntropy[2] of a zone block equals S(hash) to the last unit; order is 2', async () => {
    const { BLOCK_0x15e: b } = await import('./colosseum.fixture');
    const s = intrinsicEntropy(b.hash);
    expect(b.totalEntropy! - b.parentEntropy[2]).toBe(s);
    expect(totalEntropy(2, b.parentEntropy, b.parentDeltaS, s)).toBe(b.totalEntropy);
    expect(calcOrder(b.hash, b.difficulty, b.parentDeltaS)).toBe(b.order);
  });
});
