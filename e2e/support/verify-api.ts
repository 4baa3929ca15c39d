/**
 * Verification through the Etherscan API as hardhat-verify submits it, with the devnet's own
 * contract sources (devnet/contracts/) and the compiler and settings their artifacts were built
 * with (devnet/contracts/compile.ts), which the server has installed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import solc from 'solc';
import type { Address } from 'viem';
import { waitFor } from './chain-actions';
import { BASE_URL } from './env';

const SOURCES = join(import.meta.dirname, '..', '..', 'devnet', 'contracts');

export const COMPILER = `v${solc.version().replace(/\.Emscripten.*$/, '')}`;
export const COMPILE_SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } };

/** A devnet contract's source file, as written. */
export const devnetSource = (file: string): string => readFileSync(join(SOURCES, file), 'utf8');

/** The standard JSON input of some devnet source files, as hardhat submits a project's. */
export const standardJson = (...files: string[]): string =>
  JSON.stringify({ language: 'Solidity', sources: Object.fromEntries(files.map((f) => [f, { content: devnetSource(f) }])), settings: COMPILE_SETTINGS });

/** Waits until the explorer's index knows the contract's creation (verification needs it). */
export async function creationIndexed(address: Address): Promise<void> {
  await waitFor(`the creation of ${address} in the index`, async () => {
    const res = await fetch(`${BASE_URL}/api?module=contract&action=getcontractcreation&contractaddresses=${address}`);
    return ((await res.json()) as { status: string }).status === '1';
  }, 90_000);
}

/** Submits `verifysourcecode` with these fields (compiler version added) and waits for the verdict. */
export async function verifyByApi(fields: Record<string, string>): Promise<string> {
  const res = await fetch(`${BASE_URL}/api`, { method: 'POST', body: new URLSearchParams({ module: 'contract', action: 'verifysourcecode', compilerversion: COMPILER, ...fields }) });
  const submitted = (await res.json()) as { status: string; result: string };
  expect(submitted.status, submitted.result).toBe('1');
  return waitFor('the verdict', async () => {
    const status = (await (await fetch(`${BASE_URL}/api?module=contract&action=checkverifystatus&guid=${submitted.result}`)).json()) as { result: string };
    return status.result.startsWith('Pending') ? undefined : status.result;
  }, 120_000);
}

/** Verifies a deployed devnet contract from its source files, once its creation is indexed. */
export async function verifyDevnetContract(address: Address, contractName: string, files: readonly string[]): Promise<void> {
  await creationIndexed(address);
  expect(await verifyByApi({ contractaddress: address, codeformat: 'solidity-standard-json-input', sourceCode: standardJson(...files), contractname: contractName })).toBe('Pass - Verified');
}
