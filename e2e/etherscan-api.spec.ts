/**
 * The Etherscan bases through the built explorer (Next's routing, proxy.ts, the route table):
 * /chain/<zone>/api and /api?…&chain=<zone> answer the zone node's block; a block action without
 * a zone is a 400 saying how to name one; /api/v1/openapi.json serves the document; /api-docs
 * lists the actions and its examples work. (Each action against the node: lib/etherscan/etherscan.devnet.test.ts.)
 */
import { expect, test } from './fixtures';
import { devnetUrl } from './support/env';
import { rpc } from './support/rpc';

test('the per-zone base, the chain parameter, the OpenAPI document and /api-docs', async ({ request, page }) => {
  const block = await request.get('/chain/cyprus1/api?module=proxy&action=eth_getBlockByNumber&tag=0x1&boolean=false');
  expect(block.status()).toBe(200);
  const body = await block.json();
  expect(body).toEqual({ jsonrpc: '2.0', id: 1, result: await rpc(devnetUrl('cyprus1'), 'quai_getBlockByNumber', ['0x1', false]) });
  const viaParam = await request.get('/api?module=proxy&action=eth_getBlockByNumber&tag=0x1&boolean=false&chain=cyprus1');
  expect(await viaParam.json()).toEqual(body);

  const noZone = await request.get('/api?module=proxy&action=eth_blockNumber');
  expect(noZone.status()).toBe(400);
  expect(await noZone.json()).toMatchObject({ status: '0', message: 'NOTOK', result: expect.stringContaining('/chain/<zone>/api') });
  expect((await request.get('/chain/nowhere/api?module=proxy&action=eth_blockNumber')).status()).toBe(400);

  const doc = await request.get('/api/v1/openapi.json');
  expect(doc.status()).toBe(200);
  const openapi = await doc.json();
  expect(openapi.openapi).toBe('3.1.0');
  expect(Object.keys(openapi.paths)).toContain('/api?module=proxy&action=eth_sendRawTransaction');

  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();
  const example = page.locator('#proxy-eth_blockNumber a');
  await expect(example).toHaveAttribute('href', '/chain/cyprus1/api?module=proxy&action=eth_blockNumber');
  const answered = await request.get((await example.getAttribute('href'))!);
  expect(await answered.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: expect.stringMatching(/^0x[0-9a-f]+$/) });
});
