import { describe, expect, test } from 'vitest';
import { covered, RequestWork } from './request-work';
import { currentWork, requestStorage } from './request-context';

describe('request work', () => {
  test('overlapping spans count once, gaps not at all', () => {
    expect(covered([])).toBe(0);
    expect(covered([[0, 10]])).toBe(10);
    expect(covered([[0, 10], [5, 15], [20, 25]])).toBe(20);
    expect(covered([[20, 25], [0, 10], [2, 3]])).toBe(15);
  });

  test('work is found through awaits inside its request, and nowhere else', async () => {
    const work = new RequestWork();
    expect(currentWork()).toBeUndefined();
    await requestStorage().run({ requestId: 'request-work-test', work }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      currentWork()?.dbQuery(100, 130);
      currentWork()?.dbQuery(120, 140);
      currentWork()?.nodeCall(5);
    });
    expect(work.dbQueries).toBe(2);
    expect(work.dbMs).toBe(40);
    expect(work.nodeCalls).toBe(1);
    expect(work.nodeMs).toBeCloseTo(5, 5);
  });
});
