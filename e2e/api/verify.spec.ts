/**
 * Verification through the production build (proxy.ts, the /api route, solc on a worker thread in
 * the built server): the devnet's start DevToken verified by the real hardhat-verify client, then
 * served by `GET /api/v1/contract/<address>`; a body over the limit gets 413 and a chainid of
 * another network 400, both in Etherscan's envelope. The rules themselves are proven in
 * lib/server/contracts/verify.devnet.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Etherscan } from '@nomicfoundation/hardhat-verify/etherscan.js';
import solc from 'solc';
import { devAccountsOf } from '../../devnet/accounts';
import { startContractAddresses } from '../../devnet/contracts';
import { expect, test } from '../fixtures';
import { waitFor } from '../support/chain-actions';
import { BASE_URL, devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';

const ZONE = 'cyprus1';
const token = startContractAddresses(devAccountsOf(ZONE)[0]!.address, ZONE).token.address;
const api = `${BASE_URL}/api`;
// The devnet's artifacts are compiled by devnet/contracts/compile.ts with the npm-installed solc, these settings.
const VERSION = `v${solc.version().replace(/\.Emscripten.*$/, '')}`;
const input = {
  language: 'Solidity',
  sources: { 'DevToken.sol': { content: readFileSync(join('devnet/contracts/DevToken.sol'), 'utf8') } },
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai', outputSelection: { '*': { '*': ['abi'] } } },
};

test.describe.configure({ mode: 'serial' });

test('hardhat-verify verifies the devnet token through the built explorer; /api/v1/contract serves it', async ({ request }) => {
  test.setTimeout(180_000);
  await waitFor('the start token', async () => (await rpc<string>(devnetUrl(ZONE), 'quai_getCode', [token, 'latest'])) !== '0x', 90_000);
  // The explorer's index must have written the creation (the verifier reads the creation input through it).
  await waitFor('the indexed creation', async () => {
    const res = await request.get(`${api}?module=contract&action=getcontractcreation&contractaddresses=${token}`);
    return ((await res.json()) as { status: string }).status === '1';
  }, 120_000);
  const before = await request.get(`/api/v1/contract/${token}`);
  expect(before.status()).toBe(404);

  const etherscan = new Etherscan('any-key', api, BASE_URL, undefined);
  const { message: guid } = await etherscan.verify(token, JSON.stringify(input), 'DevToken.sol:DevToken', VERSION, '');
  const status = await etherscan.getVerificationStatus(guid);
  expect(status.message).toBe('Pass - Verified');
  expect(await etherscan.isVerified(token)).toBe(true);

  const after = await request.get(`/api/v1/contract/${token}`);
  expect(after.status()).toBe(200);
  const contract = (await after.json()) as { matchKind: string; contractName: string; abi: { name?: string }[]; sources: { path: string }[] };
  expect(contract).toMatchObject({ matchKind: 'full', contractName: 'DevToken.sol:DevToken', sources: [{ path: 'DevToken.sol' }] });
  expect(contract.abi.map((i) => i.name)).toContain('transfer');
});

test('a body over the limit (8 MB): 413; a chainid of another network: 400; both NOTOK', async ({ request }) => {
  const big = await request.post(api, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: `module=contract&action=verifysourcecode&sourceCode=${'x'.repeat(9 * 1024 * 1024)}`,
  });
  expect(big.status()).toBe(413);
  expect(await big.json()).toMatchObject({ status: '0', message: 'NOTOK' });
  const other = await request.get(`${api}?module=contract&action=getabi&address=${token}&chainid=9000`);
  expect(other.status()).toBe(400);
  expect(await other.json()).toMatchObject({ status: '0', result: expect.stringContaining('chainid 9000') });
  const malformed = await request.get('/api/v1/contract/0x12');
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ error: expect.stringContaining('is not an address') });
});
