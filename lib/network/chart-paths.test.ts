import { describe, expect, it } from 'vitest';
import { bands, barsPath, niceMax, stepPath } from './chart-paths';

describe('stepPath', () => {
  it('holds each value for its slot and steps at the slot boundary', () => {
    expect(stepPath([1, 2], 2, 100, 10)).toBe('M0 5H50V0H100');
  });
  it('breaks the line at a missing value and clamps to the box', () => {
    expect(stepPath([1, null, 5, -1], 2, 100, 10)).toBe('M0 5H25M50 0H75V10H100');
  });
  it('draws nothing for no values', () => {
    expect(stepPath([], 1, 100, 10)).toBe('');
  });
});

describe('barsPath', () => {
  it('draws one closed bar per positive value, with a gap when slots are wide', () => {
    expect(barsPath([0, 1], 1, 20, 10)).toBe('M10.75 10V0h8.5V10z');
  });
});

describe('niceMax', () => {
  it('rounds max × 1.1 up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(100)).toBe(200);
    expect(niceMax(2)).toBe(2.5);
    expect(niceMax(0.004)).toBe(0.005);
    expect(niceMax(9)).toBe(10);
  });
  it('is 1 when there is nothing above zero', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(Number.NaN)).toBe(1);
  });
});

describe('bands', () => {
  it('is one band per slot when there are few', () => {
    expect(bands(3, 10)).toEqual([
      { from: 0, to: 0 },
      { from: 1, to: 1 },
      { from: 2, to: 2 },
    ]);
  });
  it('groups slots so there are at most `most` bands', () => {
    const b = bands(1024, 128);
    expect(b).toHaveLength(128);
    expect(b[0]).toEqual({ from: 0, to: 7 });
    expect(b.at(-1)).toEqual({ from: 1016, to: 1023 });
  });
});
