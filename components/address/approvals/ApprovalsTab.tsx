import Link from 'next/link';
import type { Address as AddressType } from 'viem';
import { IndexUnavailable } from '@/components/token/IndexUnavailable';
import { TokenLink } from '@/components/token/TokenLink';
import { Card } from '@/components/ui/layout/Card';
import { BadPageLink, KeysetPager } from '@/components/ui/layout/KeysetPages';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { approvalAmountText } from '@/lib/history/approval-amount';
import type { Approval } from '@/lib/history/approval-types';
import { getChain, type Chain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import type { ApprovalsLoad } from '@/lib/server/address/load-approvals';
import { urls } from '@/lib/routes/urls';
import { ConnectWalletLazy, RevokeLazy } from './ApprovalsWalletLazy';
import { DataTable } from '@/components/ui/layout/DataTable';

/**
 * The Approvals tab: what the address has approved — ERC-20 allowances and ERC-721 / ERC-1155
 * operators — found by the index's Approval and ApprovalForAll events, each amount the node's
 * answer at the page's block, with a Revoke button the owner's wallet sends.
 */
export function ApprovalsTab({ address, zone, load, chainId, paged }: { address: AddressType; zone: Chain; load: ApprovalsLoad; chainId: string | null; paged: boolean }) {
  const newest = urls.addressApprovals(address);
  if (load.kind === 'unavailable') return <IndexUnavailable state={load.state} reason={load.reason} testId="approvals-unavailable" />;
  if (load.kind === 'bad-cursor') return <BadPageLink problem={load.message} newestHref={newest} />;
  if (load.kind === 'node-error') {
    return (
      <p className="rounded-lg border border-bad/40 bg-surface p-4 text-sm" role="alert">
        The approvals could not be read from {zone.label}’s node: {load.message}
      </p>
    );
  }
  const title = (
    <span>
      Approvals <span className="font-normal text-muted">· read from the node at {zone.label} block #{formatInteger(load.block)}</span>
    </span>
  );
  return (
    <div className="space-y-4">
      <section className="card p-4" aria-label="Your wallet">
        <ConnectWalletLazy chainId={chainId} />
      </section>
      <Card title={title}>
        {load.items.length === 0 ? (
          <p className="p-4 text-sm text-muted" data-testid="approvals-empty">
            {paged
              ? 'No older approvals.'
              : load.unrecognised.approvals > 0
                ? 'The index holds no standing approval given by this address for a contract known as a token.'
                : 'The index holds no standing approval given by this address: no allowance above zero, no operator approved.'}
          </p>
        ) : (
          <DataTable caption="Standing approvals given by this address" boxClassName="relative" className="w-full text-sm" testId="approvals">
              <thead className="text-left text-xs text-muted">
                <tr>
                  <th className="px-4 py-2 font-medium">Token</th>
                  <th className="px-4 py-2 font-medium">Spender</th>
                  <th className="px-4 py-2 font-medium">Approved now</th>
                  <th className="px-4 py-2 font-medium">Given</th>
                  <th className="px-4 py-2 font-medium">
                    <span className="sr-only">Revoke</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {load.items.map((a) => (
                  <ApprovalRow key={`${a.kind}:${a.token}:${a.spender}`} approval={a} owner={address} chainId={chainId} />
                ))}
              </tbody>
          </DataTable>
        )}
        {load.unrecognised.approvals > 0 && !paged ? <Unrecognised unrecognised={load.unrecognised} /> : null}
        {/* Older pages are read at this page's block, so a new block between them moves nothing. */}
        <KeysetPager label="Approvals pages" paged={paged} newestHref={newest} olderHref={load.next ? urls.addressApprovals(address, { cursor: load.next, block: load.block }) : null} olderTestId="approvals-older" />
        <p className="border-t border-border px-4 py-2 text-xs text-muted">
          Found by the index from each token’s Approval and ApprovalForAll events; each amount is the token contract’s own answer (allowance,
          isApprovedForAll) at the block above, so an allowance spent or replaced since shows what is left. ERC-721 approvals of single tokens
          are not listed: a transfer of the token clears them.
        </p>
      </Card>
    </div>
  );
}

/**
 * Approvals naming this address from contracts that do not look like tokens (no transfer in the
 * index, not verified): anyone can emit them, by the thousand, so they are counted in one line,
 * never read from the node and never offered for revoking (a Revoke would call the sender's own
 * contract). The contracts with the most are named a click away.
 */
function Unrecognised({ unrecognised }: { unrecognised: Extract<ApprovalsLoad, { kind: 'ok' }>['unrecognised'] }) {
  const { approvals, contracts, top } = unrecognised;
  return (
    <details className="border-t border-border px-4 py-3 text-sm" data-testid="approvals-unrecognised" data-approvals={approvals} data-contracts={contracts}>
      <summary className="cursor-pointer">
        <span className="font-medium">
          {formatInteger(approvals)} {approvals === 1 ? 'approval' : 'approvals'} from {formatInteger(contracts)} {contracts === 1 ? 'contract' : 'contracts'} not known as tokens
        </span>{' '}
        <span className="text-muted">· hidden: not read, no Revoke</span>
      </summary>
      <p className="mt-2 text-xs text-muted">
        Any contract can emit an Approval event naming any address, so these may be spam. Strata lists an approval only when its contract has token
        transfers in the index or is verified here; these have neither, so their amounts are not asked of the node and no Revoke is offered (it would
        send a transaction to that contract).
      </p>
      <ul className="mt-2 space-y-1">
        {top.map((c) => (
          <li key={`${c.chain}:${c.token}`} className="flex flex-wrap items-baseline gap-2">
            <Address address={c.token as AddressType} />
            <span className="text-xs text-muted">
              {formatInteger(c.approvals)} {c.approvals === 1 ? 'approval' : 'approvals'}
            </span>
          </li>
        ))}
        {contracts > top.length ? <li className="text-xs text-muted">… and {formatInteger(contracts - top.length)} more contracts</li> : null}
      </ul>
    </details>
  );
}

function kindText(a: Approval): string {
  if (a.kind === 'allowance') return 'ERC-20 allowance';
  return a.standard && a.standard !== 'ERC-20' ? `${a.standard} operator for all` : 'operator for all (ERC-721 / ERC-1155)';
}

function NowCell({ approval: a }: { approval: Approval }) {
  const token = { symbol: a.symbol, decimals: a.decimals };
  const set = approvalAmountText(a.kind, a.given.amount, token);
  if (a.now.kind !== 'answered') {
    return (
      <span className="text-bad" data-testid="approval-amount" data-state="unread">
        not read ({a.now.reason}); the event set {set}
      </span>
    );
  }
  const now = approvalAmountText(a.kind, a.now.amount, token);
  const spent = a.now.amount === 0n;
  return (
    <span data-testid="approval-amount" data-state={spent ? 'none' : 'standing'} className={spent ? 'text-muted' : 'font-medium'}>
      {now}
      {a.now.amount !== a.given.amount ? <span className="block text-xs font-normal text-muted">the event set {set}: {spent ? 'spent or revoked since' : 'changed since'}</span> : null}
    </span>
  );
}

function ApprovalRow({ approval: a, owner, chainId }: { approval: Approval; owner: AddressType; chainId: string | null }) {
  const standing = a.now.kind !== 'answered' || a.now.amount > 0n;
  return (
    <tr data-testid="approval" data-token={a.token.toLowerCase()} data-spender={a.spender.toLowerCase()} data-kind={a.kind}>
      <td className="px-4 py-2 align-top">
        <TokenLink token={a.token} symbol={a.symbol} />
        <span className="block text-xs text-muted">{kindText(a)}</span>
      </td>
      <td className="px-4 py-2 align-top">
        <Address address={a.spender} />
      </td>
      <td className="px-4 py-2 align-top">
        <NowCell approval={a} />
      </td>
      <td className="px-4 py-2 align-top text-xs">
        <Link prefetch={false} href={urls.tx(a.given.txHash)}>
          <Age timestamp={a.given.timestamp} />
        </Link>
        <span className="block text-muted">
          <Link prefetch={false} href={urls.block(a.given.chain, a.given.blockNumber)}>
            {getChain(a.given.chain).label} #{formatInteger(a.given.blockNumber)}
          </Link>
        </span>
      </td>
      <td className="px-4 py-2 align-top">
        {standing ? <RevokeLazy owner={owner} token={a.token} kind={a.kind} spender={a.spender} chainId={chainId} /> : null}
      </td>
    </tr>
  );
}
