import { describe, expect, it } from 'vitest';
import { matchRank, ranked } from './rank';

describe('ranking names', () => {
  it('exact, prefix, a word start (spaces, CamelCase), inside', () => {
    expect(matchRank('devtoken', 'DevToken')).toBe(0);
    expect(matchRank('dev', 'DevToken')).toBe(1);
    expect(matchRank('token', 'DevToken')).toBe(2);
    expect(matchRank('token', 'Dev token')).toBe(2);
    expect(matchRank('oken', 'DevToken')).toBe(3);
    expect(matchRank('x', 'DevToken')).toBe(4);
    expect(matchRank('x', null)).toBe(4);
    expect(matchRank('DevToken', 'Strata Dev Token')).toBe(3);
    expect(matchRank('strata-dev', 'Strata Dev Token')).toBe(1);
    expect(matchRank('--', 'Strata Dev Token')).toBe(4);
  });
  it('best first, then the shorter name, at most `limit`', () => {
    const tokens = [{ n: 'SuperDevToken' }, { n: 'Dev' }, { n: 'DevToken' }, { n: 'Nothing' }, { n: 'Devious' }];
    expect(ranked('dev', tokens, (t) => [t.n], 3).map((t) => t.n)).toEqual(['Dev', 'Devious', 'DevToken']);
    expect(ranked('token', tokens, (t) => [t.n], 10).map((t) => t.n)).toEqual(['DevToken', 'SuperDevToken']);
  });
});
