import { encodeAbiParameters, encodeFunctionData, parseAbi, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { SHIPPED_BOOK, SHIPPED_SOURCES, signatureBook } from './book';
import { nameFunction } from './name';

describe('the signature database', () => {
  it("names a Governor's vote and a Safe's transaction from the registry packages it was built from", () => {
    const vote = encodeFunctionData({ abi: parseAbi(['function castVote(uint256 proposalId, uint8 support)']), functionName: 'castVote', args: [1n, 1] });
    expect(nameFunction(SHIPPED_BOOK, toFunctionSelector('castVote(uint256,uint8)'), vote)).toMatchObject({ kind: 'named', item: { name: 'castVote' }, source: 'shipped' });
    expect(nameFunction(SHIPPED_BOOK, toFunctionSelector('execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)'), null)).toMatchObject({ kind: 'named', item: { name: 'execTransaction' } });
    expect(SHIPPED_SOURCES.map((s) => s.name)).toEqual(expect.arrayContaining(['@openzeppelin/contracts', '@uniswap/v2-periphery', '@uniswap/v3-periphery', '@safe-global/safe-deployments']));
  });

  it("adds this instance's signatures, and says guessed when two signatures that decode share a selector", () => {
    // Two different signatures, forced under one selector by the instance's table, both decoding the same data.
    const selector = toFunctionSelector('castVote(uint256,uint8)');
    const book = signatureBook({ function: new Map([[selector, ['function castVoteAlias(uint256 id, uint256 support)']]]), event: new Map(), error: new Map() });
    const data = `${selector}${encodeAbiParameters([{ type: 'uint256' }, { type: 'uint8' }], [1n, 1]).slice(2)}` as const;
    expect(nameFunction(book, selector, data)).toMatchObject({ kind: 'guessed', item: { name: 'castVote' }, alternatives: ['castVoteAlias(uint256,uint256)'] });
    // The code's own argument types settle it.
    expect(nameFunction(book, selector, data, 'uint256,uint256')).toMatchObject({ kind: 'named', item: { name: 'castVoteAlias' }, source: 'instance' });
  });
});
