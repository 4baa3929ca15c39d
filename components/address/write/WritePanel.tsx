'use client';

import type { Address } from 'viem';
import { ConnectWallet } from '@/components/wallet/ConnectWallet';
import type { VerifiedAbi } from '@/lib/contracts/verified-abi';
import { WriteContract } from './WriteContract';

/** The Write contract tab's browser half: the wallet, then the forms. Loaded only on that tab (./WritePanelLazy.tsx). */
export function WritePanel(props: { address: Address; verified: readonly VerifiedAbi[]; operatorAbi: string | null; chainId: string | null }) {
  return (
    <div className="space-y-4">
      <ConnectWallet chainId={props.chainId} />
      <WriteContract {...props} />
    </div>
  );
}
