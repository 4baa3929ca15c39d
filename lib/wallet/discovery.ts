/**
 * Finding the browser's wallets: EIP-6963 first — listen for `eip6963:announceProvider`, then
 * dispatch `eip6963:requestProvider` so wallets already loaded announce again — and then the
 * injected objects older wallets set, `window.pelagus` (Quai's wallet) and `window.ethereum`,
 * unless one of them is a provider already announced. Browser-only; no React.
 */
import { announcedWallet, isProvider, type DiscoveredWallet } from './eip1193';

type InjectedWindow = Window & { readonly pelagus?: unknown; readonly ethereum?: unknown };

/** The announced wallets, then each injected object that is not one of them (pure: tested without a browser). */
export function mergeWallets(announced: readonly DiscoveredWallet[], injected: { readonly pelagus?: unknown; readonly ethereum?: unknown }): DiscoveredWallet[] {
  const out = [...announced];
  const known = (provider: unknown) => out.some((w) => w.provider === provider);
  if (isProvider(injected.pelagus) && !known(injected.pelagus)) {
    out.push({ id: 'window.pelagus', name: 'Pelagus', source: 'window.pelagus', provider: injected.pelagus });
  }
  if (isProvider(injected.ethereum) && !known(injected.ethereum)) {
    out.push({ id: 'window.ethereum', name: 'Injected wallet (window.ethereum)', source: 'window.ethereum', provider: injected.ethereum });
  }
  return out;
}

/**
 * Calls `onChange` with every wallet found, now and whenever another announces itself; returns
 * the function that stops listening.
 */
export function watchWallets(win: InjectedWindow, onChange: (wallets: readonly DiscoveredWallet[]) => void): () => void {
  const announced: DiscoveredWallet[] = [];
  const report = () => onChange(mergeWallets(announced, win));
  const onAnnounce = (event: Event) => {
    const wallet = announcedWallet((event as CustomEvent<unknown>).detail);
    // A wallet announces again at every request: keep the first of each uuid and provider.
    if (!wallet || announced.some((w) => w.id === wallet.id || w.provider === wallet.provider)) return;
    announced.push(wallet);
    report();
  };
  win.addEventListener('eip6963:announceProvider', onAnnounce);
  win.dispatchEvent(new Event('eip6963:requestProvider'));
  report();
  return () => win.removeEventListener('eip6963:announceProvider', onAnnounce);
}
