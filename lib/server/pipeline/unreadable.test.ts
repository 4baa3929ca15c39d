import { describe, expect, test } from 'vitest';
import { InvalidResponseError, NodeUnreachableError } from '@/lib/rpc/errors';
import { renderStatusPage } from '@/lib/server/pipeline/status-page';
import { describeUnreadable, unreadableAnswer } from '@/lib/rpc/unreadable';

const context = { chain: 'cyprus1', url: 'http://user:secret-key@rpc.example/cyprus1', method: 'quai_getBlockByHash' };

describe('unreadable node answers', () => {
  test('an InvalidResponseError names chain, method and field; other failures are not unreadable', () => {
    const error = new InvalidResponseError({ ...context, reason: 'block.transactions[0]: expected an object, got "0x12"', field: 'block.transactions[0]' });
    const answer = unreadableAnswer(error);
    expect(answer).toEqual({
      chain: 'cyprus1',
      method: 'quai_getBlockByHash',
      field: 'block.transactions[0]',
      reason: 'Invalid response from the cyprus1 node: block.transactions[0]: expected an object, got "0x12"',
    });
    expect(unreadableAnswer(new NodeUnreachableError(context))).toBeUndefined();
    expect(unreadableAnswer(new Error('plain'))).toBeUndefined();
    expect(unreadableAnswer('not an error')).toBeUndefined();
  });

  test('the 502 page lists what was unreadable, escaped, and never the node URL', () => {
    const error = new InvalidResponseError({ ...context, reason: '<b>bad</b> body' });
    const answer = unreadableAnswer(error);
    if (!answer) throw new Error('expected an unreadable answer');
    const html = renderStatusPage({ status: 502, title: 'Unreadable', message: 'm', details: describeUnreadable(answer) });
    expect(html).toContain('Unreadable node answer · 502');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Field: the answer as a whole');
    expect(html).toContain('&lt;b&gt;bad&lt;/b&gt;');
    expect(html).not.toContain('secret-key');
  });
});
