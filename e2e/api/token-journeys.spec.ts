/**
 * Token transfers and ETX journeys from the explorer's own index, over its JSON API: a DevToken
 * transfer the test makes is in both parties' token transfers with symbol SDT; a cross-zone send's
 * ETX is found by its hash, delivered to the destination zone with both blocks; bad input gets 400.
 */
import { encodeFunctionData, type Address } from 'viem';
import { DevTokenAbi } from '../../devnet/contracts';
import { expect, test } from '../fixtures';
import { devnetUrl } from '../support/env';
import { rpc } from '../support/rpc';
import { QUAI, deployToken, freshAccount, fundedAccount, nonceOf, sendCrossZone, sendRaw, signAt, waitForReceipt } from '../support/chain-actions';

const ZONE = 'cyprus1';
const url = devnetUrl(ZONE);

test.describe.configure({ mode: 'serial' });

interface TransferJson { hash: string; token: string; symbol: string | null; decimals: number | null; from: string; to: string; amount: string; direction: string; standard: string }

test('a DevToken transfer is in both parties\' token transfers with symbol SDT; bad parameters get 400', async ({ request }) => {
  test.setTimeout(240_000);
  const holder = await fundedAccount(url, ZONE, 'tokens-holder', 2n * QUAI);
  const recipient = freshAccount(ZONE, 'tokens-recipient');
  const token = await deployToken(url, ZONE, holder, 10n ** 24n);
  const data = encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [recipient.address, 4_321n] });
  const hash = await sendRaw(url, await signAt(holder, await nonceOf(url, holder.address), { to: token, value: 0n, gas: 100_000n, data }));
  await waitForReceipt(url, hash);

  const find = async (address: Address): Promise<TransferJson | undefined> => {
    const response = await request.get(`/api/v1/address/${address}/token-transfers?limit=10`);
    if (response.status() !== 200) return undefined;
    return ((await response.json()) as { items: TransferJson[] }).items.find((i) => i.hash === hash);
  };
  await expect.poll(() => find(recipient.address), { timeout: 90_000, intervals: [1_000] }).toBeDefined();
  const expected = { token: token.toLowerCase(), symbol: 'SDT', decimals: 18, amount: '4321', standard: 'ERC-20',
    from: holder.address.toLowerCase(), to: recipient.address.toLowerCase() };
  expect(await find(recipient.address)).toMatchObject({ ...expected, direction: 'in' });
  expect(await find(holder.address)).toMatchObject({ ...expected, direction: 'out' });

  // Etherscan's tokentx over the same rows.
  const tokentx = await request.get(`/api?module=account&action=tokentx&address=${recipient.address}&contractaddress=${token}&sort=desc`);
  const envelope = (await tokentx.json()) as { status: string; result: Record<string, string>[] };
  expect(envelope.status).toBe('1');
  expect(envelope.result.find((r) => r.hash === hash)).toMatchObject({
    contractAddress: token.toLowerCase(), value: '4321', tokenSymbol: 'SDT', tokenDecimal: '18', tokenType: 'ERC-20', to: recipient.address.toLowerCase(),
  });
  expect((await request.get(`/api?module=account&action=tokentx&address=${recipient.address}&contractaddress=nope`)).status()).toBe(400);

  for (const bad of ['?limit=0', '?limit=abc', '?cursor=%27%3B', '?cursor=bm9wZQ']) {
    expect((await request.get(`/api/v1/address/${holder.address}/token-transfers${bad}`)).status(), bad).toBe(400);
  }
  expect((await request.get('/api/v1/address/0x12/token-transfers')).status()).toBe(400);
});

test('a cross-zone send\'s ETX journey: origin transaction and block, then delivered to the destination zone block', async ({ request }) => {
  test.setTimeout(240_000);
  const sender = await fundedAccount(url, ZONE, 'journey-sender', 2n * QUAI);
  const to = freshAccount('cyprus2', 'journey-recipient').address;
  const { hash, blockNumber, etx } = await sendCrossZone(url, sender, to);
  expect(etx).toMatch(/^0x[0-9a-f]{64}$/);

  const journey = async (): Promise<{ status: string; origin: unknown; destination: { chain: string; blockNumber: string; blockHash: string; numbers: string[] } | null } | null> => {
    const response = await request.get(`/api/v1/etx/${etx}`);
    return response.status() === 200 ? ((await response.json()) as never) : null;
  };
  await expect.poll(async () => (await journey())?.status, { timeout: 150_000, intervals: [1_000] }).toBe('delivered');
  const delivered = await journey();
  // origin and destination carry added fields (timestamp, [P, R, Z] numbers): matched, not equal.
  expect(delivered?.origin).toMatchObject({ chain: ZONE, txHash: hash, blockNumber: BigInt(blockNumber).toString() });
  const block = await rpc<{ number: string[]; timestamp: string }>(url, 'quai_getBlockByNumber', [blockNumber, false]);
  expect(delivered?.origin).toMatchObject({ numbers: block.number.map((n) => BigInt(n).toString()), timestamp: BigInt(block.timestamp).toString() });
  const credited = await rpc<{ blockHash: string; blockNumber: string[] | string }>(devnetUrl('cyprus2'), 'quai_getTransactionByHash', [etx]);
  expect(delivered?.destination).toMatchObject({ chain: 'cyprus2', blockHash: credited.blockHash });
  const destinationBlock = await rpc<{ number: string[] }>(devnetUrl('cyprus2'), 'quai_getBlockByHash', [credited.blockHash, false]);
  expect(delivered?.destination?.numbers).toEqual(destinationBlock.number.map((n) => BigInt(n).toString()));

  expect((await request.get('/api/v1/etx/0x12')).status()).toBe(400);
  expect((await request.get(`/api/v1/etx/0x${'ab'.repeat(32)}`)).status()).toBe(404);
});
