'use client';

import { clientLazy } from '@/components/ui/client/client-lazy';

/**
 * The Approvals tab's wallet pieces, fetched in the browser when the tab is drawn: the connect
 * button above the table and each row's Revoke button share one module (and one connection), and
 * load on this tab only. Without JavaScript the table stands alone.
 */
const loadRevoke = () => import('./RevokeButton').then((m) => m.RevokeButton);

export const ConnectWalletLazy = clientLazy(
  () => import('@/components/wallet/ConnectWallet').then((m) => m.ConnectWallet),
  <p className="text-sm text-muted">Loading the wallet… (revoking needs JavaScript: your wallet signs in this browser)</p>,
);

export const RevokeLazy = clientLazy(
  loadRevoke,
  <button type="button" disabled className="rounded-md border border-border px-3 py-1 text-sm opacity-60">
    Revoke
  </button>,
);
