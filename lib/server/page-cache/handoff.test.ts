import { describe, expect, it } from 'vitest';
import { leaveHandoff, takeHandoff } from './handoff';

describe('page data handoff', () => {
  it('gives the data once, to the page it was left for', () => {
    const data = { balance: 1n };
    const { token } = leaveHandoff('address:0xA:q', data);
    expect(takeHandoff(token, 'address:0xB:q')).toBeUndefined();
    expect(takeHandoff(token, 'address:0xA:q')).toBe(data);
    expect(takeHandoff(token, 'address:0xA:q')).toBeUndefined();
  });

  it('knows no token it did not give out, and forgets a released one', () => {
    expect(takeHandoff('forged', 'address:0xA:q')).toBeUndefined();
    expect(takeHandoff(null, 'address:0xA:q')).toBeUndefined();
    const { token, release } = leaveHandoff('token:0xT:', { supply: 5n });
    release();
    expect(takeHandoff(token, 'token:0xT:')).toBeUndefined();
  });

  it('gives each render a token of its own', () => {
    const a = leaveHandoff('p', 1);
    const b = leaveHandoff('p', 2);
    expect(a.token).not.toBe(b.token);
    expect(takeHandoff(b.token, 'p')).toBe(2);
    expect(takeHandoff(a.token, 'p')).toBe(1);
  });
});
