import { describe, expect, it } from 'vitest';
import { etxRoute } from './etx-route';

describe('etxRoute', () => {
  it('goes through the common region between two zones of one region', () => {
    expect(etxRoute('cyprus1', 'cyprus2')).toMatchObject({ level: 'region', via: { name: 'cyprus' }, destination: { name: 'cyprus2' } });
  });
  it('goes through prime between regions', () => {
    expect(etxRoute('cyprus1', 'hydra3')).toMatchObject({ level: 'prime', via: { name: 'prime' }, origin: { name: 'cyprus1' } });
  });
});
