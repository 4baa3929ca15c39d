/**
 * The OpenAPI document is valid OpenAPI 3.1 by a real validator (@seriousme/openapi-schema-validator,
 * the specification's JSON schema), and holds every Etherscan action and every /api/v1 route:
 * both registries, not a copy of them.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { ETHERSCAN_ACTIONS } from '@/lib/etherscan/registry';
import { ROUTES } from '@/lib/routes/table';
import { openApiDocument } from './document';

describe('the OpenAPI document', () => {
  const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { operationId?: string; parameters?: { name: string }[] }>> };

  test('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  test('has a path per Etherscan action, with its methods and declared parameters', () => {
    for (const a of ETHERSCAN_ACTIONS) {
      const item = doc.paths[`/api?module=${a.module}&action=${a.action}`];
      expect(item, `${a.module}.${a.action}`).toBeDefined();
      for (const method of a.methods) expect(item?.[method.toLowerCase()]?.operationId).toContain(`${a.module}.${a.action}`);
      if (a.methods.includes('GET')) expect(item?.get?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(a.params.map((p) => p.name)));
    }
  });

  test('has every /api/v1 route of the route table', () => {
    const v1 = ROUTES.filter((r) => r.pattern.startsWith('/api/v1/')).map((r) => r.pattern.replace(/\[([^\]]+)\]/g, '{$1}'));
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/')).sort()).toEqual(v1.sort());
  });
});

describe('the Etherscan registry', () => {
  test('one definition per module and action, every parameter named once', () => {
    const names = ETHERSCAN_ACTIONS.map((a) => `${a.module}.${a.action}`);
    expect(new Set(names).size).toBe(names.length);
    for (const a of ETHERSCAN_ACTIONS) {
      const params = a.params.map((p) => p.name);
      expect(new Set(params).size, names.join()).toBe(params.length);
      for (const key of Object.keys(a.example)) expect(params, `${a.module}.${a.action} example ${key}`).toContain(key);
    }
  });

  test('the actions tools call are all here', () => {
    const names = new Set(ETHERSCAN_ACTIONS.map((a) => `${a.module}.${a.action}`));
    const expected = [
      ...['eth_blockNumber', 'eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getTransactionByHash',
        'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionReceipt', 'eth_call', 'eth_estimateGas', 'eth_getCode', 'eth_getStorageAt',
        'eth_getTransactionCount', 'eth_gasPrice', 'eth_sendRawTransaction'].map((a) => `proxy.${a}`),
      ...['balance', 'balancemulti', 'tokenbalance', 'txlist', 'tokentx', 'txlistinternal', 'tokennfttx', 'token1155tx', 'getminedblocks', 'balancehistory'].map((a) => `account.${a}`),
      ...['dailyavgblocktime', 'dailyblkcount', 'dailyuncleblkcount', 'dailytx', 'dailynewaddress', 'dailyavggaslimit', 'dailygasused', 'dailyavggasprice',
        'dailyavgnetdifficulty', 'dailyavghashrate'].map((a) => `stats.${a}`),
      'block.getblocknobytime', 'block.getblockcountdown', 'stats.tokensupply', 'token.tokenholderlist', 'logs.getLogs', 'transaction.getstatus', 'transaction.gettxreceiptstatus', 'gastracker.gasoracle', 'gastracker.gasestimate',
      ...['verifysourcecode', 'checkverifystatus', 'getsourcecode', 'getabi', 'getcontractcreation'].map((a) => `contract.${a}`),
    ];
    expect([...names].sort()).toEqual(expected.sort());
  });

  test('docs/api.md lists every action under its module', () => {
    const doc = readFileSync('docs/api.md', 'utf8');
    for (const a of ETHERSCAN_ACTIONS) {
      const section = doc.slice(doc.indexOf(`### module=${a.module}\n`));
      expect(section.slice(0, section.indexOf('\n### ', 5) === -1 ? undefined : section.indexOf('\n### ', 5)), `${a.module}.${a.action}`).toContain(`| \`${a.action}\` |`);
    }
  });
});
