/**
 * The Etherscan bases through the built explorer (Next's routing, proxy.ts, the route table):
 * /chain/<zone>/api and /api?…&chain=<zone> answer the zone node's block; a block action without
 * a zone is a 400 saying how to name one; /api/v1/openapi.json serves the document; /api-docs
 * lists the actions and its examples work. (Each action against the node: lib/etherscan/etherscan.devnet.test.ts.)
 */
import { expect, test } from '../fixtures';
import { BASE_URL, devnetUrl } from '../support/env';
import { counterSum } from '../support/explorer-metrics';
import { rpc } from '../support/rpc';
import { untilTipsReach } from '../support/tips-snapshot';

/** The page cache's finality depth the suite's explorer runs with (STRATA_FINALITY_DEPTH's default). */
const FINALITY_DEPTH = 20;

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

test('answers about a final block or transaction are kept; about the tip, asked each time', async ({ request }) => {
  const zone = devnetUrl('cyprus1');
  const height = async () => Number(await rpc<string>(zone, 'quai_blockNumber', []));
  // A block with a transaction (the devnet's traffic), buried under the finality depth. On a young
  // devnet the first transactions may not be that deep yet: the chain is read again as it grows.
  let deep = 0;
  let scanned = 0;
  let txhash: string | undefined;
  await expect
    .poll(async () => {
      deep = (await height()) - FINALITY_DEPTH - 1;
      for (; !txhash && scanned < deep; scanned++) {
        const block = await rpc<{ transactions: Array<{ hash: string }> }>(zone, 'quai_getBlockByNumber', [`0x${(scanned + 1).toString(16)}`, true]);
        txhash = block.transactions[0]?.hash;
      }
      return txhash !== undefined;
    }, { timeout: 120_000, message: 'a transaction in the devnet’s final blocks' })
    .toBe(true);
  // The explorer judges finality by its own tips snapshot, which may be a block or two behind the
  // node: wait until it, too, sees the block buried, or the first answer is rightly not kept.
  await untilTipsReach(BASE_URL, 'cyprus1', BigInt(deep + FINALITY_DEPTH), 60_000);
  const lookups = (action: string, result: 'hit' | 'miss') => counterSum(BASE_URL, 'strata_cache_lookups_total', `cache="api-${action}"`, `result="${result}"`);
  const cases = [
    { action: 'eth_getTransactionByHash', path: `/chain/cyprus1/api?module=proxy&action=eth_getTransactionByHash&txhash=${txhash}` },
    { action: 'eth_getBlockByNumber', path: `/chain/cyprus1/api?module=proxy&action=eth_getBlockByNumber&tag=0x${deep.toString(16)}&boolean=false` },
    { action: 'gettxreceiptstatus', path: `/api?module=transaction&action=gettxreceiptstatus&txhash=${txhash}&chain=cyprus1` },
  ];
  for (const { action, path } of cases) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    const hits = await lookups(action, 'hit');
    const again = await request.get(path);
    expect(await again.text(), path).toBe(await first.text());
    // At least this request's hit: the counter is the explorer's, and a run repeating this test on
    // the other worker asks for the same answers meanwhile.
    expect(await lookups(action, 'hit'), `${path}: final, answered from the kept bytes`).toBeGreaterThanOrEqual(hits + 1);
  }
  // The tip's block may still be replaced: never kept.
  const latest = '/chain/cyprus1/api?module=proxy&action=eth_getBlockByNumber&tag=latest&boolean=false';
  await request.get(latest);
  const hits = await lookups('eth_getBlockByNumber', 'hit');
  expect((await request.get(latest)).status()).toBe(200);
  expect(await lookups('eth_getBlockByNumber', 'hit'), 'the latest block: asked each time').toBe(hits);
});
