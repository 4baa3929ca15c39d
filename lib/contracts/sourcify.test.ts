import { keccak256, stringToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseCheckQuery, parseSourcifyRequest } from './sourcify';

const SOURCE = 'contract A {}';
const metadata = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    language: 'Solidity',
    compiler: { version: '0.8.37+commit.a2f4bc8f' },
    settings: { compilationTarget: { 'contracts/A.sol': 'A' }, optimizer: { enabled: true, runs: 200 }, libraries: { 'contracts/L.sol:L': '0x00000000000000000000000000000000000000aa' } },
    sources: { 'contracts/A.sol': { keccak256: keccak256(stringToBytes(SOURCE)) } },
    ...over,
  });

describe("Sourcify's request as hardhat-verify sends it", () => {
  it('becomes a verification job: the metadata\'s compiler, target and settings, its libraries as standard JSON writes them', () => {
    const parsed = parseSourcifyRequest({ address: '0x00000000000000000000000000000000000000Bb', chain: '9000', files: { 'metadata.json': metadata(), 'A.sol': SOURCE } });
    expect(parsed).toMatchObject({
      chain: '9000',
      submission: {
        address: '0x00000000000000000000000000000000000000bb', compilerVersion: 'v0.8.37+commit.a2f4bc8f', contractName: 'contracts/A.sol:A',
        input: { sources: { 'contracts/A.sol': { content: SOURCE } }, settings: { optimizer: { enabled: true, runs: 200 }, libraries: { 'contracts/L.sol': { L: '0x00000000000000000000000000000000000000aa' } } } },
      },
    });
  });

  it('refuses a source the metadata does not hash, a missing metadata.json or source, a bad chain', () => {
    const address = '0x00000000000000000000000000000000000000bb';
    expect(parseSourcifyRequest({ address, chain: '9000', files: { 'metadata.json': metadata(), 'A.sol': `${SOURCE} ` } })).toMatch(/keccak256 differs/);
    expect(parseSourcifyRequest({ address, chain: '9000', files: { 'A.sol': SOURCE } })).toMatch(/no metadata.json/);
    expect(parseSourcifyRequest({ address, chain: '9000', files: { 'metadata.json': metadata() } })).toMatch(/is not among the files/);
    expect(parseSourcifyRequest({ address, chain: 'x', files: {} })).toMatch(/chain must be/);
    expect(parseCheckQuery(new URLSearchParams('addresses=0x12&chainIds=1'))).toMatch(/not an address/);
  });
});
