import { describe, expect, it } from 'vitest';
import { minimalProxyOf } from './minimal-proxy';

const IMPL = 'bebebebebebebebebebebebebebebebebebebebe';

describe('minimalProxyOf', () => {
  it('reads the implementation of an EIP-1167 clone, of a vanity (PUSH19) clone and of an ERC-7511 clone', () => {
    expect(minimalProxyOf(`0x363d3d373d3d3d363d73${IMPL}5af43d82803e903d91602b57fd5bf3`)?.implementation.toLowerCase()).toBe(`0x${IMPL}`);
    const short = IMPL.slice(2);
    expect(minimalProxyOf(`0x363d3d373d3d3d363d72${short}5af43d82803e903d91602a57fd5bf3`)?.implementation.toLowerCase()).toBe(`0x00${short}`);
    expect(minimalProxyOf(`0x365f5f375f5f365f73${IMPL}5af43d5f5f3e5f3d91602a57fd5bf3`)).toMatchObject({ kind: 'ERC-7511' });
  });

  it('refuses code that only looks like one: a wrong jump offset, a push of the wrong length, anything more', () => {
    expect(minimalProxyOf(`0x363d3d373d3d3d363d73${IMPL}5af43d82803e903d91602a57fd5bf3`)).toBeNull();
    expect(minimalProxyOf(`0x363d3d373d3d3d363d73${IMPL}aa5af43d82803e903d91602b57fd5bf3`)).toBeNull();
    expect(minimalProxyOf(`0x363d3d373d3d3d363d73${IMPL}5af43d82803e903d91602b57fd5bf300`)).toBeNull();
    expect(minimalProxyOf('0x')).toBeNull();
  });
});
