'use client';

import { useState } from 'react';
import { ChainText } from '@/components/ui/values/ChainText';
import { NETWORKS, zoneOf } from '@/lib/protocol/chains';
import { connectWallet as connect, disconnectWallet as disconnect, useWallet } from './wallet-store';

/**
 * The "Connect wallet" button and, once connected, the wallet's name, the account and the zone it
 * belongs to, and the network it is on (`chainId`: this explorer's, decimal; the wallet's in red
 * when it differs). With several wallets in the browser the reader picks one.
 */
export function ConnectWallet({ chainId: expected }: { chainId: string | null }) {
  const { wallets, connection, connecting, error } = useWallet();
  const expectedChainId = expected === null ? null : BigInt(expected);
  const [choosing, setChoosing] = useState(false);

  if (connection) {
    const zone = zoneOf(connection.account);
    const { chainId } = connection;
    const otherNetwork = expectedChainId !== null && chainId !== expectedChainId;
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="wallet-connected">
        <span>
          Connected:{' '}
          <span data-testid="wallet-name">
            <ChainText text={connection.wallet.name} className="font-medium" />
          </span>
        </span>
        <span className="font-mono break-all" data-testid="wallet-account">
          {connection.account}
        </span>
        <span data-testid="wallet-zone">({zone.label})</span>
        <span className={otherNetwork ? 'text-bad' : 'text-muted'} data-testid="wallet-network">
          {chainId === null ? 'network not said' : `network ${NETWORKS[Number(chainId)] ?? 'unknown'} (chain id ${chainId})`}
        </span>
        <button type="button" onClick={disconnect} className="rounded-md border border-border px-2 py-0.5 text-xs hover:bg-surface-2">
          Disconnect
        </button>
      </div>
    );
  }

  const pick = wallets.length === 1 ? wallets[0] : undefined;
  return (
    <div className="space-y-2 text-sm" data-testid="wallet-disconnected">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={wallets.length === 0 || connecting}
          onClick={() => (pick ? void connect(pick) : setChoosing(true))}
          className="rounded-md bg-accent px-3 py-1.5 font-medium text-accent-fg disabled:opacity-60"
        >
          {connecting ? (
            'Connecting…'
          ) : (
            <>
              Connect wallet
              {pick ? (
                <>
                  {' '}
                  (<ChainText text={pick.name} />)
                </>
              ) : null}
            </>
          )}
        </button>
        {wallets.length === 0 ? (
          <span className="text-muted">No wallet found in this browser: install Pelagus, Quai’s wallet, or another that announces itself (EIP-6963).</span>
        ) : (
          <span className="text-muted">Nothing is signed without your wallet’s own confirmation.</span>
        )}
      </div>
      {choosing && !pick ? (
        <ul className="flex flex-wrap gap-2" aria-label="Wallets in this browser">
          {wallets.map((w) => (
            <li key={w.id}>
              <button type="button" onClick={() => void connect(w)} className="rounded-md border border-border px-3 py-1 hover:bg-surface-2">
                <ChainText text={w.name} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-bad">
          {error}
        </p>
      ) : null}
    </div>
  );
}
