/**
 * A wallet asked in Quai's namespace first (`quai_requestAccounts`, `quai_chainId`,
 * `quai_sendTransaction`, as Pelagus answers), and in Ethereum's (`eth_…`) when it answers that
 * it has no such method; the namespace that worked is remembered per wallet. Browser-safe.
 */
import type { Eip1193Provider } from './eip1193';

export type Namespace = 'quai' | 'eth';
export type WalletMethod = 'requestAccounts' | 'chainId' | 'sendTransaction';

const learned = new WeakMap<Eip1193Provider, Namespace>();

/**
 * "No such method": EIP-1193's 4200 (unsupported method), JSON-RPC's -32601 (method not found),
 * or a wallet that says so in words only.
 */
export function isUnsupportedMethod(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 4200 || code === -32601) return true;
  return typeof message === 'string' && /(method|namespace).*(not (found|supported|available)|does not exist|unsupported)|unsupported method/i.test(message);
}

/** The wallet's answer to `method`, and the namespace it answered in. */
export async function requestQuaiFirst(provider: Eip1193Provider, method: WalletMethod, params: readonly unknown[] = []): Promise<{ value: unknown; namespace: Namespace }> {
  const order: Namespace[] = learned.get(provider) === 'eth' ? ['eth'] : ['quai', 'eth'];
  let lastError: unknown;
  for (const namespace of order) {
    try {
      const value = await provider.request({ method: `${namespace}_${method}`, params });
      learned.set(provider, namespace);
      return { value, namespace };
    } catch (error) {
      if (!isUnsupportedMethod(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}
