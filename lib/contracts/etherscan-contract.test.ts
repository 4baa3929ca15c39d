/** The module=contract parameters as clients send them, and the refusals that say what is wrong. */
import { describe, expect, test } from 'vitest';
import { parseContractRequest } from './etherscan-contract';

const ADDRESS = '0x00000000000000000000000000000000000000aa';
const form = (fields: Record<string, string>) => new URLSearchParams({ module: 'contract', ...fields });
const verify = (fields: Record<string, string>) => parseContractRequest(form({
  action: 'verifysourcecode', contractaddress: ADDRESS, compilerversion: 'v0.8.37+commit.f401782d', ...fields,
}), 'POST');

describe('parseContractRequest', () => {
  test('args: a single file becomes a standard JSON input with the form\'s optimizer, EVM version and libraries', () => {
    const r = verify({
      codeformat: 'solidity-single-file', sourceCode: 'contract A {}', contractname: 'A', optimizationUsed: '1', runs: '999',
      evmversion: 'shanghai', libraryname1: 'L', libraryaddress1: ADDRESS, constructorArguements: '0xABCD',
    });
    expect(r).toMatchObject({
      action: 'verifysourcecode',
      submission: {
        contractName: 'A.sol:A', constructorArguments: '0xabcd',
        input: { sources: { 'A.sol': { content: 'contract A {}' } }, settings: { optimizer: { enabled: true, runs: 999 }, evmVersion: 'shanghai', libraries: { 'A.sol': { L: ADDRESS } } } },
      },
    });
  });
  test('args: refusals say what is wrong', () => {
    const json = JSON.stringify({ language: 'Solidity', sources: { 'a/A.sol': { content: '' } } });
    expect(verify({ codeformat: 'solidity-standard-json-input', sourceCode: json, contractname: 'A' })).toMatch(/path:Name/);
    expect(verify({ codeformat: 'solidity-standard-json-input', sourceCode: json, contractname: 'a/A.sol:A', compilerversion: '0.8.37' })).toMatch(/Invalid compilerversion/);
    expect(verify({ codeformat: 'vyper', sourceCode: 'x', contractname: 'A' })).toMatch(/codeformat "vyper" is not supported/);
    expect(verify({ codeformat: 'solidity-standard-json-input', sourceCode: '{"sources": {"a": {"urls": ["ipfs://x"]}}}', contractname: 'a:A' })).toMatch(/only inline contents/);
    expect(verify({ contractaddress: '0x12' })).toBe('Invalid contractaddress format');
    expect(parseContractRequest(form({ action: 'verifysourcecode' }), 'GET')).toMatch(/takes a POST/);
    expect(parseContractRequest(form({ action: 'getsourcecodes' }), 'GET')).toMatch(/not supported for module=contract/);
  });
  test('args: getcontractcreation takes 1 to 5 addresses', () => {
    expect(parseContractRequest(form({ action: 'getcontractcreation', contractaddresses: `${ADDRESS},${ADDRESS.toUpperCase().replace('0X', '0x')}` }), 'GET'))
      .toEqual({ action: 'getcontractcreation', addresses: [ADDRESS, ADDRESS] });
    expect(parseContractRequest(form({ action: 'getcontractcreation', contractaddresses: Array(6).fill(ADDRESS).join(',') }), 'GET')).toMatch(/1 to 5/);
  });
});
