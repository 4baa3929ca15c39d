import { describe, expect, it } from 'vitest';
import { mergeWallets } from './discovery';
import { announcedWallet, type Eip1193Provider } from './eip1193';
import { isUnsupportedMethod, requestQuaiFirst } from './quai-request';
import { chainIdOf, sendRefusal } from './wallet-checks';

const CYPRUS1 = '0x0a00000000000000000000000000000000000001';
const CYPRUS1_B = '0x1000000000000000000000000000000000000002';
const CYPRUS2 = '0x2200000000000000000000000000000000000003';

/** A wallet that answers only the methods it is given, as a real one refuses the others (EIP-1193's 4200). */
function walletAnswering(answers: Record<string, unknown>): Eip1193Provider & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async request({ method }) {
      asked.push(method);
      if (method in answers) return answers[method];
      throw Object.assign(new Error(`The method ${method} does not exist / is not available`), { code: 4200 });
    },
  };
}

describe('wallet discovery', () => {
  it('an announced wallet is taken by its uuid and name; malformed announcements are not', () => {
    const provider = walletAnswering({});
    expect(announcedWallet({ info: { uuid: 'u-1', name: ' Pelagus ', rdns: 'io.pelaguswallet', icon: 'data:,' }, provider })).toEqual({
      id: 'eip6963:u-1', name: 'Pelagus', source: 'eip6963', provider,
    });
    expect(announcedWallet({ info: { uuid: 'u-1', name: '' }, provider })).toBeNull();
    expect(announcedWallet({ info: { uuid: 'u-1', name: 'X' }, provider: {} })).toBeNull();
    expect(announcedWallet('nope')).toBeNull();
  });

  it('window.pelagus and window.ethereum are added unless they are a wallet already announced', () => {
    const pelagus = walletAnswering({});
    const other = walletAnswering({});
    const announced = announcedWallet({ info: { uuid: 'u-1', name: 'Pelagus' }, provider: pelagus })!;
    expect(mergeWallets([announced], { pelagus, ethereum: other }).map((w) => [w.name, w.source])).toEqual([
      ['Pelagus', 'eip6963'],
      ['Injected wallet (window.ethereum)', 'window.ethereum'],
    ]);
    expect(mergeWallets([], { pelagus, ethereum: pelagus }).map((w) => w.source)).toEqual(['window.pelagus']);
    expect(mergeWallets([], { ethereum: 'not a provider' })).toEqual([]);
  });
});

describe('requestQuaiFirst', () => {
  it('asks quai_ first, falls back to eth_ when the wallet has no such method, and remembers it', async () => {
    const quai = walletAnswering({ quai_chainId: '0x539' });
    expect(await requestQuaiFirst(quai, 'chainId')).toEqual({ value: '0x539', namespace: 'quai' });
    const eth = walletAnswering({ eth_chainId: '0x539', eth_requestAccounts: [CYPRUS1] });
    expect(await requestQuaiFirst(eth, 'chainId')).toEqual({ value: '0x539', namespace: 'eth' });
    expect(await requestQuaiFirst(eth, 'requestAccounts')).toEqual({ value: [CYPRUS1], namespace: 'eth' });
    expect(eth.asked).toEqual(['quai_chainId', 'eth_chainId', 'eth_requestAccounts']);
  });

  it('a refusal that is not "no such method" is the answer (the reader said no)', async () => {
    const rejecting: Eip1193Provider = { request: async () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) };
    await expect(requestQuaiFirst(rejecting, 'requestAccounts')).rejects.toMatchObject({ code: 4001 });
    expect(isUnsupportedMethod({ code: -32601, message: 'method not found' })).toBe(true);
    expect(isUnsupportedMethod({ code: -32000, message: 'the method quai_sendTransaction is not supported' })).toBe(true);
    expect(isUnsupportedMethod({ code: -32000, message: 'insufficient funds' })).toBe(false);
  });
});

describe('sendRefusal', () => {
  it('refuses another network, an account of another zone and a revoke by another account, before anything is signed', () => {
    expect(sendRefusal({ account: CYPRUS1, chainId: 1337n }, CYPRUS1_B as never, 1337n)).toBeNull();
    expect(sendRefusal({ account: CYPRUS1, chainId: 9000n }, CYPRUS1_B as never, 1337n)).toBe(
      'The wallet is on colosseum (chain id 9000), and this explorer shows local (chain id 1337): switch networks in the wallet first.',
    );
    expect(sendRefusal({ account: CYPRUS1, chainId: null }, CYPRUS1_B as never, 1337n)).toContain('did not say which network');
    expect(sendRefusal({ account: CYPRUS2, chainId: 1337n }, CYPRUS1 as never, 1337n)).toBe(
      `The account ${CYPRUS2} is in Cyprus 2, and this contract is in Cyprus 1: a Quai address belongs to one zone, and its transactions run in that zone only. Choose a Cyprus 1 account in the wallet.`,
    );
    expect(sendRefusal({ account: CYPRUS1, chainId: 1337n }, CYPRUS1_B as never, 1337n, CYPRUS1_B as never)).toContain('is not the owner');
    // A network the explorer cannot name is not checked, the zone still is.
    expect(sendRefusal({ account: CYPRUS2, chainId: 5n }, CYPRUS1 as never, null)).toContain('Cyprus 2');
    expect(chainIdOf('0x539')).toBe(1337n);
    expect(chainIdOf('1337')).toBe(1337n);
    expect(chainIdOf({})).toBeNull();
  });
});
