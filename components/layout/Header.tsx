import Link from 'next/link';
import type { ChainName } from '@/lib/protocol/chains';
import { urls } from '@/lib/routes/urls';
import { SearchBox } from './SearchBox';
import { ThemeSwitch } from './ThemeSwitch';

interface HeaderProps {
  broadcastEnabled: boolean;
  /** Where "Blocks", "Transactions", "Txpool" and "Fees" land: the first configured zone (txpools are zone-only). */
  defaultZone?: ChainName;
  defaultChain?: ChainName;
}

/** The site header: name, navigation, search and theme on every page. */
export function Header({ broadcastEnabled, defaultZone, defaultChain }: HeaderProps) {
  const nav: Array<{ href: string; label: string }> = [{ href: urls.home(), label: 'Home' }];
  // The browse lists: a chain's blocks, a zone's transactions, the tokens, the verified contracts.
  const blocksChain = defaultZone ?? defaultChain;
  if (blocksChain) nav.push({ href: urls.blocks(blocksChain), label: 'Blocks' });
  if (defaultZone) nav.push({ href: urls.txs(defaultZone), label: 'Transactions' });
  nav.push({ href: urls.tokens(), label: 'Tokens' }, { href: urls.contracts(), label: 'Contracts' }, { href: urls.network(), label: 'Network' }, { href: urls.hierarchy(), label: 'Hierarchy' });
  if (defaultZone) nav.push({ href: urls.txpool(defaultZone), label: 'Txpool' });
  const feesChain = defaultZone ?? defaultChain;
  if (feesChain) nav.push({ href: urls.fees(feesChain), label: 'Fees' });
  if (broadcastEnabled) nav.push({ href: urls.broadcast(), label: 'Broadcast' });
  nav.push({ href: urls.watchlist(), label: 'Watchlist' });
  return (
    <header className="border-b border-border bg-surface">
      {/* Up to xl: name + theme, then navigation, then a full-width search. Wider: one row. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link prefetch={false} href={urls.home()} className="order-1 flex items-center gap-2 text-fg hover:no-underline">
          <Logo />
          <span className="text-lg font-semibold tracking-tight">Strata</span>
        </Link>
        {/* Links here and in live lists don't prefetch: a prefetch is a server render with node reads. */}
        {/* Wraps on a phone rather than scroll: every destination in sight at 360 px. */}
        <nav aria-label="Main" className="order-3 w-full xl:order-2 xl:w-auto">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {nav.map((item) => (
              <li key={item.label}>
                <Link prefetch={false} href={item.href} className="inline-block whitespace-nowrap py-0.5 text-muted hover:text-fg">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="order-4 w-full xl:order-3 xl:ml-auto xl:w-auto xl:min-w-72 xl:flex-1 xl:max-w-md">
          <SearchBox where="header" />
        </div>
        <div className="order-2 ml-auto xl:order-4 xl:ml-0">
          <ThemeSwitch />
        </div>
      </div>
    </header>
  );
}

/** Three stacked strata: prime, region, zone. */
function Logo() {
  return (
    <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
      <rect x="2" y="3" width="18" height="4" rx="1.5" fill="var(--c-prime)" />
      <rect x="2" y="9" width="18" height="4" rx="1.5" fill="var(--c-region)" />
      <rect x="2" y="15" width="18" height="4" rx="1.5" fill="var(--c-accent)" />
    </svg>
  );
}
