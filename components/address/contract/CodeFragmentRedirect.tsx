'use client';

import { useEffect } from 'react';

/**
 * `<explorer>/address/<a>#code`, what hardhat-verify prints after a verification (Etherscan's
 * spelling), and a source line's `#src-…` fragment: the server never sees a fragment, so the
 * address page, drawn on its first tab, moves to the Contract tab here, keeping the fragment.
 */
export function CodeFragmentRedirect({ contractHref }: { contractHref: string }) {
  useEffect(() => {
    const { hash } = window.location;
    if (hash === '#code' || hash.startsWith('#code-') || hash.startsWith('#src-')) window.location.replace(`${contractHref}${hash}`);
  }, [contractHref]);
  return null;
}
