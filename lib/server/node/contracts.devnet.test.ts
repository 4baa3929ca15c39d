/**
 * Reads of contracts against a real devnet (1x1, ports in 10000–10499): token facts (through a
 * counting HTTP relay, so the cache is proven by the node not being asked again), the tx page's
 * "tokens moved", and the address page's contract facts with an EIP-1967 proxy's slots proven.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, type Address } from 'viem';
import { type Devnet } from '@/devnet/index';
import { startDevnetOnFreePorts } from '@/devnet/test-support/free-ports';
import { devAccountsOf } from '@/devnet/accounts';
import { DevTokenAbi, EIP1967_SLOTS, devNftDeployData, devProxyDeployData, devTokenDeployData, storeDeployData } from '@/devnet/contracts';
import { checkProxySlots, EIP1967 } from '@/lib/checks/proxy-slots';
import { createSender, type Sender } from '@/devnet/test-support/sender';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';

const CHAINS: ChainName[] = ['prime', 'cyprus', 'cyprus1'];
const ZONE = getChain('cyprus1');
let devnet: Devnet;
let requests = 0;
let relayServer: Server | undefined;
let sender: Sender;
let token: Address;
let nft: Address;
let store: Address;
let facts: typeof import('@/lib/server/token/load-token-facts');
let contractFacts: typeof import('@/lib/server/address/load-contract-facts');
let proxy: Address;
let client: ChainClient;
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
  devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 400 });
  process.env.STRATA_CHAINS = CHAINS.join(',');
  for (const chain of CHAINS) process.env[`STRATA_RPC_${chain.toUpperCase()}`] = devnet.urlOf(chain);
  process.env.STRATA_RPC_CYPRUS1 = await countingRelay(devnet.urlOf('cyprus1'));
  client = createChainClient({ chain: 'cyprus1', url: devnet.urlOf('cyprus1'), timeoutMs: 10_000 });
  sender = await createSender(devnet, 'cyprus1', client, devAccountsOf('cyprus1')[0]!);
  token = (await sender.deploy(devTokenDeployData(10n ** 24n))).address;
  nft = (await sender.deploy(devNftDeployData())).address;
  store = (await sender.deploy(storeDeployData(1n))).address;
  proxy = (await sender.deploy(devProxyDeployData(token, sender.account.address))).address;
  facts = await import('@/lib/server/token/load-token-facts');
  contractFacts = await import('@/lib/server/address/load-contract-facts');
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
    const { shown: list, total } = await moves.loadTokenMoves(ZONE, receipt);
    expect(list).toHaveLength(1);
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({ standard: 'ERC-20', to, amount: 1_500n * 10n ** 18n, facts: { symbol: 'SDT', decimals: 18 } });
  });
});

describe('EIP-1967 proxy slots, proven', () => {
  it('the slots computed from their labels are the ones the devnet\'s proxy writes', () => {
    expect({ implementation: EIP1967.implementation, admin: EIP1967.admin }).toEqual(EIP1967_SLOTS);
    // The beacon slot the devnet's proxy does not write: its label's hash less one, as EIP-1967 fixes it.
    expect(EIP1967.beacon).toBe('0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50');
  });

  it('loadContractFacts: the proxy answers as the token behind it, its slots verified against the state root', async () => {
    const header = await client.getHeaderByNumber({ blockNumber: 'latest' });
    if (!header) throw new Error('no head');
    const result = await contractFacts.loadContractFacts(ZONE, proxy, header.number[2], header.stateRoot);
    // name/symbol/decimals are constants in DevToken's code, so they answer through the proxy;
    // the supply lives in DevToken's own storage, not the proxy's: 0 here.
    expect(result.token).toMatchObject({ standard: 'ERC-20', symbol: 'SDT', decimals: 18, totalSupply: 0n });
    expect(result.proxy.ok).toBe(true);
    if (!result.proxy.ok) return;
    const { verdict } = result.proxy;
    expect(verdict).toMatchObject({ verified: true, isProxy: true, account: { ok: true } });
    expect(verdict.implementation).toMatchObject({ address: token, proof: { ok: true, existence: 'present' } });
    expect(verdict.admin).toMatchObject({ address: sender.account.address, proof: { ok: true } });

    const nftFacts = await contractFacts.loadContractFacts(ZONE, nft, header.number[2], header.stateRoot);
    expect(nftFacts.token).toMatchObject({ standard: 'ERC-721', symbol: 'SDC', decimals: null, totalSupply: 0n });
    expect(nftFacts.proxy).toMatchObject({ ok: true, verdict: { isProxy: false, verified: true, implementation: { address: null, proof: { ok: true, existence: 'absent' } } } });
  });

  it('a proof whose slot value was changed in transit fails, and so does one against another block\'s root', async () => {
    const header = await client.getHeaderByNumber({ blockNumber: 'latest' });
    if (!header) throw new Error('no head');
    const proof = await client.getProof({ address: proxy, storageKeys: [EIP1967.implementation, EIP1967.admin], blockTag: header.number[2] });
    const forged = { ...proof, storageProof: proof.storageProof.map((e, i) => (i === 0 ? { ...e, value: BigInt(nft) } : e)) };
    const verdict = checkProxySlots(header.stateRoot, forged);
    expect(verdict.verified).toBe(false);
    expect(verdict.implementation.address).toBe(nft);
    expect(verdict.implementation.proof.ok).toBe(false);
    const genesis = await client.getHeaderByNumber({ blockNumber: 0n });
    expect(checkProxySlots(genesis!.stateRoot, proof).account.ok).toBe(false);
  });
});
