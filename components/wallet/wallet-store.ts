'use client';

/**
 * The reader's wallet, one per browser tab: found in the browser (lib/wallet/discovery.ts),
 * connected on request, and asked to send a transaction only once the send is allowed
 * (lib/wallet/wallet-checks.ts: this network, the contract's zone, the owner). Nothing about it
 * reaches the server. A store outside React (read with useSyncExternalStore), so the connect
 * button and every Revoke button of a table share one connection though each is its own island.
 * Imported only by the wallet tabs' lazily loaded components: no page loads it at start.
 */
import { useSyncExternalStore } from 'react';
import { getAddress, numberToHex, type Address, type Hex } from 'viem';
import { watchWallets } from '@/lib/wallet/discovery';
import { isUserRejection, walletErrorText, type DiscoveredWallet, type Eip1193Listener } from '@/lib/wallet/eip1193';
import { requestQuaiFirst, type Namespace } from '@/lib/wallet/quai-request';
import { chainIdOf, sendRefusal } from '@/lib/wallet/wallet-checks';

export interface Connection {
  readonly wallet: DiscoveredWallet;
  readonly account: Address;
  readonly chainId: bigint | null;
  readonly namespace: Namespace;
}

export interface WalletState {
  /** The wallets this browser offers. */
  readonly wallets: readonly DiscoveredWallet[];
  readonly connection: Connection | null;
  readonly connecting: boolean;
  /** Why the last connection attempt failed. */
  readonly error: string | null;
}

export interface TxRequest {
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  readonly gas: bigint;
}

/** What must hold for a send: the network's chain id (null when the explorer cannot say) and, for a revoke, the owner. */
export interface SendRules {
  readonly expectedChainId: bigint | null;
  readonly owner?: Address;
}

export type Sent = { readonly ok: true; readonly hash: Hex } | { readonly ok: false; readonly error: string };

let state: WalletState = { wallets: [], connection: null, connecting: false, error: null };
const listeners = new Set<() => void>();
let stopWatching: (() => void) | null = null;
let unfollow: (() => void) | null = null;

function set(next: Partial<WalletState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Discovery starts with the first component that shows the wallet.
  stopWatching ??= watchWallets(window, (wallets) => set({ wallets }));
  return () => listeners.delete(listener);
}

export function useWallet(): WalletState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

function accountOf(answer: unknown): Address | null {
  const first = Array.isArray(answer) ? (answer[0] as unknown) : undefined;
  return typeof first === 'string' && /^0x[0-9a-fA-F]{40}$/.test(first) ? getAddress(first.toLowerCase()) : null;
}

/** The wallet says when the reader switches account or network; the page follows. */
function follow(connection: Connection): void {
  unfollow?.();
  unfollow = null;
  const { provider } = connection.wallet;
  if (!provider.on) return;
  const onAccounts: Eip1193Listener = (accounts) => {
    const account = accountOf(accounts);
    set({ connection: state.connection && account ? { ...state.connection, account } : null });
  };
  const onChain: Eip1193Listener = (id) => set({ connection: state.connection ? { ...state.connection, chainId: chainIdOf(id) } : null });
  provider.on('accountsChanged', onAccounts);
  provider.on('chainChanged', onChain);
  unfollow = () => {
    provider.removeListener?.('accountsChanged', onAccounts);
    provider.removeListener?.('chainChanged', onChain);
  };
}

export async function connectWallet(wallet: DiscoveredWallet): Promise<void> {
  set({ connecting: true, error: null });
  try {
    const accounts = await requestQuaiFirst(wallet.provider, 'requestAccounts');
    const account = accountOf(accounts.value);
    if (!account) throw new Error('The wallet gave no account.');
    const id = await requestQuaiFirst(wallet.provider, 'chainId').catch(() => null);
    const connection: Connection = { wallet, account, chainId: id ? chainIdOf(id.value) : null, namespace: accounts.namespace };
    follow(connection);
    set({ connection, connecting: false });
  } catch (e) {
    set({ connecting: false, error: isUserRejection(e) ? 'You declined the connection in the wallet.' : `The wallet did not connect: ${walletErrorText(e)}` });
  }
}

export function disconnectWallet(): void {
  unfollow?.();
  unfollow = null;
  set({ connection: null });
}

/** Why the connected wallet may not send to `target` now (nothing connected included), or null. */
export function refusalNow(target: Address, rules: SendRules): string | null {
  return state.connection ? sendRefusal(state.connection, target, rules.expectedChainId, rules.owner) : 'Connect a wallet first.';
}

/** Asks the wallet again for its network, checks everything, and only then asks it to sign and send. */
export async function sendWithWallet(tx: TxRequest, rules: SendRules): Promise<Sent> {
  const connection = state.connection;
  if (!connection) return { ok: false, error: 'Connect a wallet first.' };
  const { provider } = connection.wallet;
  // The network asked again now: the reader may have switched it since connecting.
  const id = await requestQuaiFirst(provider, 'chainId').catch(() => null);
  const refused = sendRefusal({ account: connection.account, chainId: id ? chainIdOf(id.value) : null }, tx.to, rules.expectedChainId, rules.owner);
  if (refused) return { ok: false, error: refused };
  try {
    const params = { from: connection.account, to: tx.to, data: tx.data, value: numberToHex(tx.value), gas: numberToHex(tx.gas) };
    const { value } = await requestQuaiFirst(provider, 'sendTransaction', [params]);
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) return { ok: false, error: `The wallet answered no transaction hash (${String(value).slice(0, 80)}).` };
    return { ok: true, hash: value.toLowerCase() as Hex };
  } catch (e) {
    return { ok: false, error: isUserRejection(e) ? 'You declined the transaction in the wallet: nothing was sent.' : `The wallet did not send it: ${walletErrorText(e)}` };
  }
}
