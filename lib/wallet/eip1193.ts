/**
 * Wallets as the browser offers them: EIP-1193 providers (`request({ method, params })`, events
 * through `on`), announced with their name by EIP-6963 or injected as `window.pelagus` (Quai's
 * wallet) and `window.ethereum`. What a wallet announces is outside data: checked here before use.
 * Browser-safe; no React.
 */

export interface Eip1193RequestArgs {
  readonly method: string;
  readonly params?: readonly unknown[];
}

export type Eip1193Listener = (...args: unknown[]) => void;

export interface Eip1193Provider {
  request(args: Eip1193RequestArgs): Promise<unknown>;
  on?(event: string, listener: Eip1193Listener): unknown;
  removeListener?(event: string, listener: Eip1193Listener): unknown;
}

export type WalletSource = 'eip6963' | 'window.pelagus' | 'window.ethereum';

export interface DiscoveredWallet {
  /** Unique among the wallets found: EIP-6963's uuid, or the injected object's name. */
  readonly id: string;
  /** What to call it: its announced name, or "Pelagus" / "Injected wallet" for a bare object. */
  readonly name: string;
  readonly source: WalletSource;
  readonly provider: Eip1193Provider;
}

export function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

/**
 * An `eip6963:announceProvider` event's detail, when it is one: `{ info: { uuid, name, … },
 * provider }` (EIP-6963's EIP6963ProviderDetail). Its icon is not used: a page draws no image a
 * wallet chose.
 */
export function announcedWallet(detail: unknown): DiscoveredWallet | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { info, provider } = detail as { info?: unknown; provider?: unknown };
  if (typeof info !== 'object' || info === null || !isProvider(provider)) return null;
  const { uuid, name } = info as Record<string, unknown>;
  if (typeof uuid !== 'string' || typeof name !== 'string' || uuid === '' || name.trim() === '') return null;
  return { id: `eip6963:${uuid}`, name: name.trim().slice(0, 64), source: 'eip6963', provider };
}

/** EIP-1193's "user rejected the request". */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;
}

/** A wallet's error in one line for the reader. */
export function walletErrorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message.trim()) return `${message.trim().split('\n')[0]}${typeof code === 'number' ? ` (code ${code})` : ''}`;
  }
  return String(error);
}
