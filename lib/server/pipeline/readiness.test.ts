/**
 * The health answer's verdict from the chains and the index: an index the configuration asks for
 * but that is not open (still opening, or failing to) takes the instance out of the pool (503);
 * one turned off does not; one open whose writes fail leaves it in, degraded.
 */
import { describe, expect, it } from 'vitest';
import { withComponents, type Readiness } from './readiness';

const chains = (...ready: boolean[]): Readiness => ({
  ready: ready.some(Boolean),
  checkedAt: new Date(0).toISOString(),
  chains: ready.map((r, i) => ({ chain: `c${i}`, ready: r, latencyMs: 1 })),
});

describe('readiness with the index', () => {
  it('behavior: ready only with a chain answering and the index open or off', () => {
    expect(withComponents(chains(true, true), { state: 'ready' })).toMatchObject({ ready: true, status: 'ready', index: { ready: true } });
    expect(withComponents(chains(true, true), { state: 'off', error: 'off' })).toMatchObject({ ready: true, status: 'ready', index: { ready: false } });
    expect(withComponents(chains(true, false), { state: 'ready' })).toMatchObject({ ready: true, status: 'degraded' });
    expect(withComponents(chains(false, false), { state: 'ready' })).toMatchObject({ ready: false, status: 'unready' });
  });

  it('behavior: an index not open is unready, one whose writes fail is degraded', () => {
    for (const state of ['starting', 'unavailable']) {
      expect(withComponents(chains(true, true), { state, error: 'open in process 12' }), state).toMatchObject({
        ready: false, status: 'unready', index: { state, ready: false, error: 'open in process 12' },
      });
    }
    expect(withComponents(chains(true, true), { state: 'failing', error: 'invalid page' })).toMatchObject({ ready: true, status: 'degraded' });
  });
});
