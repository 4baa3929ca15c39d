import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { connection } from 'next/server';
import './globals.css';
import { Header } from '@/components/layout/Header';
import { SkipLink } from '@/components/layout/SkipLink';
import { Footer } from '@/components/layout/Footer';
import { NavigationProgress } from '@/components/layout/NavigationProgress';
import { CopyHandler } from '@/components/layout/CopyHandler';
import { SoftNavigation } from '@/components/layout/SoftNavigation';
import { StaleBanner } from '@/components/layout/StaleBanner';
import { WatchNotifier } from '@/components/watchlist/WatchNotifier';
import { PRE_PAINT_SCRIPT } from '@/lib/http/theme-script';
import { getConfig } from '@/lib/ops/config';

export const metadata: Metadata = {
  title: { default: 'Strata — Quai Network explorer', template: '%s · Strata' },
  description: 'A block explorer for Quai Network: prime, regions and zones, read straight from the node.',
  // An explicit icon: without one the browser asks for /favicon.ico and logs a 404.
  icons: { icon: '/favicon.svg' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f6f7f9' },
    { media: '(prefers-color-scheme: dark)', color: '#0d1014' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: Next can only put the request's CSP nonce (proxy.ts) on
  // the scripts of a page it renders then, not on one prerendered at build time.
  await connection();
  const config = getConfig();
  return (
    // The pre-paint script changes <html>'s class and data-time before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Static script text (no chain data): applies the stored theme before the first paint.
            Allowed by its hash in the CSP (lib/http/security-headers.ts), so it needs no nonce. */}
        <script dangerouslySetInnerHTML={{ __html: PRE_PAINT_SCRIPT }} />
      </head>
      <body className="flex min-h-screen flex-col bg-bg text-fg">
        {/* No react-query provider here: components that poll bring it (components/ui/live/use-poll.ts). No
            labels either: a page carries the operator's labels it draws (components/ui/values/Address.tsx). */}
        <SkipLink />
        <NavigationProgress />
        <CopyHandler />
        <SoftNavigation />
        <StaleBanner />
        <WatchNotifier />
        <Header
          broadcastEnabled={config.broadcastEnabled}
          defaultZone={config.chains.find((c) => c.chain.level === 2)?.chain.name}
          defaultChain={config.chains[0]?.chain.name}
        />
        <main id="content" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">{children}</main>
        <Footer chainCount={config.chains.length} namespace={config.namespace} chainId={config.expectedChainId} />
      </body>
    </html>
  );
}
