/**
 * An EIP-1193 wallet injected into a page by a test, as a browser extension injects one: it
 * announces itself by EIP-6963 (`eip6963:announceProvider`, again at every
 * `eip6963:requestProvider`) and, when asked, also sits at `window.pelagus`. It answers the Quai
 * namespace (`quai_requestAccounts`, `quai_chainId`, `quai_sendTransaction`), the Ethereum one, or
 * both, refusing the others with EIP-1193's 4200 as a real wallet does. A send is signed in the
 * test process with the account's key (lib/protocol/transaction.ts) and sent to the devnet; every
 * method the page asked is recorded, so a test can say nothing was signed.
 */
import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { nonceOf, sendRaw, signAt, type TestAccount } from './chain-actions';

export interface TestWalletOptions {
  readonly name: string;
  readonly account: TestAccount;
  /** The devnet chain its sends go to (the account's zone). */
  readonly url: string;
  readonly chainId?: bigint;
  readonly namespaces?: readonly ('quai' | 'eth')[];
  /** Also at `window.pelagus` (the same object, so the page must list the wallet once). */
  readonly asPelagus?: boolean;
}

interface SendParams {
  readonly from: string;
  readonly to: Hex;
  readonly data?: Hex;
  readonly value?: Hex;
  readonly gas?: Hex;
}

export interface TestWallet {
  /** Every method the page asked, in order. */
  calls(): Promise<string[]>;
}

export async function injectWallet(page: Page, options: TestWalletOptions): Promise<TestWallet> {
  const { account, url } = options;
  await page.exposeFunction('__strataTestWalletSend', async (params: SendParams): Promise<Hex> => {
    if (params.from.toLowerCase() !== account.address.toLowerCase()) throw new Error(`asked to send from ${params.from}, not this wallet's account`);
    if (!params.gas) throw new Error('no gas limit given');
    const raw = await signAt(account, await nonceOf(url, account.address), {
      to: params.to, value: BigInt(params.value ?? '0x0'), gas: BigInt(params.gas), data: params.data ?? '0x',
    });
    return sendRaw(url, raw);
  });
  await page.addInitScript(
    ({ name, address, chainIdHex, namespaces, asPelagus }) => {
      const calls: string[] = [];
      const w = window as unknown as Record<string, unknown>;
      w.__strataTestWalletCalls = calls;
      const unsupported = (method: string) => Object.assign(new Error(`The method ${method} does not exist / is not available`), { code: 4200 });
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
          calls.push(method);
          const [namespace, suffix] = method.split('_', 2) as [string, string];
          if (!(namespaces as readonly string[]).includes(namespace)) throw unsupported(method);
          switch (suffix) {
            case 'requestAccounts':
            case 'accounts':
              return [address];
            case 'chainId':
              return chainIdHex;
            case 'sendTransaction':
              return (w.__strataTestWalletSend as (p: unknown) => Promise<string>)(params?.[0]);
            default:
              throw unsupported(method);
          }
        },
        on() {},
        removeListener() {},
      };
      const detail = Object.freeze({ info: { uuid: `strata-test-${address}`, name, icon: 'data:image/svg+xml,<svg/>', rdns: 'org.strata.test-wallet' }, provider });
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
      if (asPelagus) w.pelagus = provider;
    },
    {
      name: options.name,
      address: account.address,
      chainIdHex: `0x${(options.chainId ?? 1337n).toString(16)}`,
      namespaces: [...(options.namespaces ?? ['quai'])],
      asPelagus: options.asPelagus ?? false,
    },
  );
  return { calls: () => page.evaluate(() => [...((window as unknown as { __strataTestWalletCalls?: string[] }).__strataTestWalletCalls ?? [])]) };
}
