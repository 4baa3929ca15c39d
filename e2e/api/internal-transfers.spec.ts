/**
 * Internal transfers over the explorer's JSON APIs, from its own index of the devnet's traces: a
 * DevForwarder paying an address is in that address's `internal-transactions` and in Etherscan's
 * `txlistinternal` (by address and by transaction hash), with the index status's trace cursor past
 * its block and nothing untraced; the devnet's start DevForwarder is deployed for the pages to show; bad input gets 400.
 */
import { encodeFunctionData } from 'viem';
import { devAccountsOf } from '../../devnet/accounts';
import { DevForwarderAbi, startContractAddresses, TRACE_CONTRACTS } from '../../devnet/contracts';
import { expect, test } from '../fixtures';
import { devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { QUAI, deployContract, freshAccount, fundedAccount, nonceOf, sendRaw, signAt, waitForReceipt } from '../support/chain-actions';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

interface InternalJson { hash: string; traceId: string; type: string; from: string; to: string; value: string; error: string | null; direction: string }

test('a contract paying an address: in its internal transactions and in txlistinternal by address and by hash', async ({ request }) => {
  test.setTimeout(240_000);
  const payer = await fundedAccount(url, ZONE, 'internal-payer', 2n * QUAI);
  const recipient = freshAccount(ZONE, 'internal-recipient');
  const forwarder = (await deployContract(url, ZONE, payer, TRACE_CONTRACTS.forwarder)).toLowerCase();
  const data = encodeFunctionData({ abi: DevForwarderAbi, functionName: 'forward', args: [recipient.address] });
  const hash = await sendRaw(url, await signAt(payer, await nonceOf(url, payer.address), { to: forwarder as `0x${string}`, value: 7_777n, gas: 100_000n, data }));
  await waitForReceipt(url, hash);

  const find = async (): Promise<InternalJson | undefined> => {
    const response = await request.get(`/api/v1/address/${recipient.address}/internal-transactions?limit=10`);
    if (response.status() !== 200) return undefined;
    return ((await response.json()) as { items: InternalJson[] }).items.find((i) => i.hash === hash);
  };
  await expect.poll(find, { timeout: 90_000, intervals: [1_000] }).toBeDefined();
  const to = recipient.address.toLowerCase();
  expect(await find()).toMatchObject({ traceId: '0', type: 'CALL', from: forwarder, to, value: '7777', error: null, direction: 'in' });

  const expected = { hash, from: forwarder, to, value: '7777', type: 'call', traceId: '0', isError: '0', errCode: '', contractAddress: '', chain: ZONE };
  const byAddress = (await (await request.get(`/api?module=account&action=txlistinternal&address=${recipient.address}`)).json()) as { status: string; result: Record<string, string>[] };
  expect(byAddress.status).toBe('1');
  expect(byAddress.result).toContainEqual(expect.objectContaining(expected));
  const byHash = (await (await request.get(`/api?module=account&action=txlistinternal&txhash=${hash}`)).json()) as { status: string; result: Record<string, string>[] };
  expect(byHash.result).toEqual([expect.objectContaining(expected)]);

  // Traced through the transfer's block at least (the trace pass follows the block pass), and the node traces.
  const status = (await (await request.get('/api/v1/index/status')).json()) as { chains: { chain: string; untraced: unknown; traceCursor: string | null }[] };
  const zone = status.chains.find((c) => c.chain === ZONE);
  expect(zone?.untraced).toBeNull();
  const { blockNumber } = await waitForReceipt(url, hash);
  expect(BigInt(zone?.traceCursor ?? -1)).toBeGreaterThanOrEqual(BigInt(blockNumber));

  expect((await request.get('/api?module=account&action=txlistinternal&txhash=0x12')).status()).toBe(400);
  expect((await request.get(`/api/v1/address/${recipient.address}/internal-transactions?limit=0`)).status()).toBe(400);
});

test('the devnet deploys its DevForwarder at start, at the address its labels name', async () => {
  const planned = startContractAddresses(devAccountsOf(ZONE)[0]!.address, ZONE).forwarder.address;
  await expect.poll(async () => rpc<string>(url, 'quai_getCode', [planned, 'latest']), { timeout: 90_000, intervals: [1_000] }).not.toBe('0x');
});
