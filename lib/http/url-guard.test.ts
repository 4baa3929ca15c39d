import { describe, expect, it } from 'vitest';
import { matchRoute } from '@/lib/routes/match';
import { isApiPath, MAX_PATH_LENGTH, MAX_QUERY_LENGTH, MAX_SEGMENT_LENGTH, urlProblem } from './url-guard';

const HASH = `0x${'ab'.repeat(32)}`;

describe('urlProblem', () => {
  it('passes the URLs the explorer serves', () => {
    for (const [path, search] of [
      ['/', ''],
      [`/tx/${HASH}`, ''],
      [`/chain/cyprus1/block/${HASH}/tx/0`, '?tab=logs'],
      ['/search', '?q=hello+world%21'],
      [`/api/v1/etx/${HASH}`, ''],
      ['/api', `?module=account&action=txlist&address=0x${'00'.repeat(20)}&page=1&offset=10&sort=desc`],
      ['/address/%E6%97%A5', '?a=&&b'],
    ] as const) {
      expect(urlProblem(path, search), `${path}${search}`).toBeUndefined();
    }
  });

  it('refuses a path segment that is not percent-encoded UTF-8, naming it', () => {
    expect(urlProblem('/api/v1/etx/%ff%fe')).toBe('The path part “%ff%fe” holds percent-escapes that are not UTF-8 text, so it cannot be read.');
    expect(urlProblem('/tx/abc%')).toContain('“abc%” has a “%” at character 4');
    expect(urlProblem('/tx/%ed%a0%80')).toContain('not UTF-8');
  });

  it('refuses a query parameter that is not percent-encoded UTF-8', () => {
    expect(urlProblem('/search', '?q=%zz')).toContain('The query parameter “q=%zz”');
    expect(urlProblem('/api', 'module=account&action=%c0%af')).toContain('not UTF-8');
  });

  it('refuses over-long segments, paths and query strings with their lengths', () => {
    expect(urlProblem(`/tx/${'a'.repeat(MAX_SEGMENT_LENGTH + 1)}`)).toContain(`is ${MAX_SEGMENT_LENGTH + 1} characters long`);
    expect(urlProblem(`/tx/${'a'.repeat(MAX_SEGMENT_LENGTH)}`)).toBeUndefined();
    const manySegments = `/${Array.from({ length: 20 }, () => 'b'.repeat(100)).join('/')}`;
    expect(urlProblem(manySegments)).toContain(`The path is ${manySegments.length} characters long`);
    expect(urlProblem('/search', `?q=${'c'.repeat(MAX_QUERY_LENGTH)}`)).toContain(`The query string is ${MAX_QUERY_LENGTH + 2} characters long`);
    expect(MAX_PATH_LENGTH).toBeLessThan(16_384);
  });

  it('refuses dot segments, plain, percent-encoded in either case, or behind a backslash', () => {
    for (const path of ['/api/%2e/metrics', '/x/%2e%2e/api/metrics', '/api/health/%2e%2e/metrics', '/api/./metrics', '/x/../api/metrics', '/x/.%2E/api/metrics', '/x/%2E./api', '/api\\..\\metrics', '/..']) {
      expect(urlProblem(path), path).toMatch(/holds the segment “[^”]+”, which a URL parser reads as (this|the parent) folder/);
    }
    // Dots inside a segment are not dot segments.
    for (const path of ['/api/...', '/a.b', '/x/..y', '/.well-known/x']) expect(urlProblem(path), path).toBeUndefined();
  });
});

describe('isApiPath', () => {
  it('is the API, Etherscan’s /api included, and nothing else', () => {
    expect(isApiPath('/api', matchRoute('/api'))).toBe(true);
    expect(isApiPath('/api/v1/etx/x', matchRoute('/api/v1/etx/x'))).toBe(true);
    expect(isApiPath('/apis', matchRoute('/apis'))).toBe(false);
    expect(isApiPath('/chain/cyprus1/api', matchRoute('/chain/cyprus1/api'))).toBe(true);
    expect(isApiPath('/chain/cyprus1', matchRoute('/chain/cyprus1'))).toBe(false);
    expect(isApiPath('/address/api', matchRoute('/address/api'))).toBe(false);
  });
});
