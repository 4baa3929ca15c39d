'use client';

import { clientLazy } from '@/components/ui/client/client-lazy';

/**
 * The Write contract tab's wallet and forms, fetched in the browser when the tab is drawn: the
 * wallet code (discovery, the Quai namespace, signing requests) and the ABI encoding load on this
 * tab only, never with the address page's other tabs.
 */
export const WritePanelLazy = clientLazy(
  () => import('./WritePanel').then((m) => m.WritePanel),
  <p className="text-sm text-muted" data-testid="write-loading">
    Loading the wallet and the forms… (writing to a contract needs JavaScript: your wallet signs in this browser)
  </p>,
);
