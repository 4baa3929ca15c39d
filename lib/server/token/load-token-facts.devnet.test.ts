/**
 * Token facts and the tx page's "tokens moved" against a real devnet (1x1, ports in 10000–10499),
 * through a counting HTTP relay so the cache is proven by the node not being asked again.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, type Address } from 'viem';
import { startDevnet, type Devnet } from '@/devnet/index';
import { devAccountsOf } from '@/devnet/accounts';
import { DevTokenAbi, devNftDeployData, devTokenDeployData, storeDeployData } from '@/devnet/contracts';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { getChain, type ChainName } from '@/lib/chains';
import { createChainClient } from '@/lib/rpc/client';

const CHAINS: ChainName[] = ['prime', 'cyprus', 'cyprus1'];
const ZONE = getChain('cyprus1');
let devnet: Devnet;
let requests = 0;
let relayServer: Server | undefined;
let sender: Sender;
let token: Address;
let nft: Address;
let store: Address;
let facts: typeof import('./load-token-facts');
let moves: typeof import('@/lib/server/tx/load-token-moves');

/** Counts the requests (HTTP posts, so a batch is one) the explorer's client sends cyprus1. */
async function countingRelay(target: string): Promise<string> {
  const url = new URL(target);
  relayServer = createServer((req, res) => {
    requests++;
    const upstream = httpRequest({ host: url.hostname, port: url.port, path: '/', method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => relayServer!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(relayServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  devnet = await startDevnet({ topology: '1x1', portOffset: 1650 + Math.floor(Math.random() * 150), blockTimeMs: 400 });
  process.env.STRATA_CHAINS = CHAINS.join(',');
  for (const chain of CHAINS) process.env[`STRATA_RPC_${chain.toUpperCase()}`] = devnet.urlOf(chain);
  process.env.STRATA_RPC_CYPRUS1 = await countingRelay(devnet.urlOf('cyprus1'));
  const client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
  sender = await createSender(devnet, 'cyprus1', client, devAccountsOf('cyprus1')[0]!);
  token = (await sender.deploy(devTokenDeployData(10n ** 24n))).address;
  nft = (await sender.deploy(devNftDeployData())).address;
  store = (await sender.deploy(storeDeployData(1n))).address;
  facts = await import('./load-token-facts');
  moves = await import('@/lib/server/tx/load-token-moves');
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  relayServer?.close();
});

describe('tokenFacts', () => {
  it('reads name, symbol and decimals in one batch, then from the cache without asking the node', async () => {
    const before = requests;
    expect(await facts.tokenFacts(ZONE, token, 'latest')).toEqual({ address: token, name: 'Strata Dev Token', symbol: 'SDT', decimals: 18 });
    expect(requests - before).toBe(1);
    const again = await facts.tokenFacts(ZONE, token.toUpperCase().replace('0X', '0x') as Address, 'latest');
    expect(again.symbol).toBe('SDT');
    expect(requests - before).toBe(1);
  });

  it('a contract without decimals() (an ERC-721), and one that answers none of them: null, not an error', async () => {
    expect(await facts.tokenFacts(ZONE, nft, 'latest')).toEqual({ address: nft, name: 'Strata Dev Collectible', symbol: 'SDC', decimals: null });
    expect(await facts.tokenFacts(ZONE, store, 'latest')).toEqual({ address: store, name: null, symbol: null, decimals: null });
    const eoa = devAccountsOf('cyprus1')[1]!.address;
    expect(await facts.tokenFacts(ZONE, eoa, 'latest')).toEqual({ address: eoa, name: null, symbol: null, decimals: null });
  });
});

describe('loadTokenMoves', () => {
  it('a DevToken transfer: one ERC-20 move with the token facts read at its block', async () => {
    const to = devAccountsOf('cyprus1')[1]!.address;
    const { receipt } = await sender.run(token, encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [to, 1_500n * 10n ** 18n] }));
    const list = await moves.loadTokenMoves(ZONE, receipt);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ standard: 'ERC-20', to, amount: 1_500n * 10n ** 18n, facts: { symbol: 'SDT', decimals: 18 } });
  });
});
