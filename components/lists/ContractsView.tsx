import { getAddress } from 'viem';
import { getChain } from '@/lib/protocol/chains';
import type { ListedContract } from '@/lib/index/readers/lists/contract-list-reader';
import { verifiedAtIso, type ContractListVerdict } from '@/lib/server/contracts/contract-list';
import { urls } from '@/lib/routes/urls';
import { Badge } from '@/components/ui/layout/Badge';
import { DataTable } from '@/components/ui/layout/DataTable';
import { ChainText } from '@/components/ui/values/ChainText';
import { Hash } from '@/components/ui/values/Hash';
import { SoftLink } from '@/components/ui/values/SoftLink';
import { ListCard, ListFrame, ListProblem } from './ListFrame';

const TH = 'px-3 py-2 font-medium';
const TD = 'px-3 py-2';

function ContractTable({ contracts }: { contracts: readonly ListedContract[] }) {
  return (
    <DataTable caption="Verified contracts, newest verification first" className="list-table w-full text-sm" testId="contract-list">
      <thead className="text-left text-xs text-muted">
        <tr className="border-b border-border">
          <th className={TH}>Contract</th>
          <th className={TH}>Zone</th>
          <th className={TH}>Compiler</th>
          <th className={TH}>Match</th>
          <th className={TH}>License</th>
          <th className={`${TH} text-right`}>Verified</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {contracts.map((c) => {
          const at = verifiedAtIso(c);
          return (
            <tr key={c.address} data-testid="contract-row" data-address={c.address}>
              <td className={TD}>
                <SoftLink href={urls.addressContract(getAddress(c.address))} className="font-medium" title={c.qualifiedName}><ChainText text={c.name} /></SoftLink>
                <div className="text-xs text-muted"><Hash value={c.address} href={urls.address(getAddress(c.address))} head={8} tail={4} /></div>
              </td>
              <td className={TD} data-label="Zone">{getChain(c.chain).label}</td>
              <td className={TD} data-label="Compiler"><span className="font-mono text-xs">{c.compiler}</span></td>
              <td className={TD} data-label="Match">
                <Badge tone={c.match === 'full' ? 'ok' : 'warn'} title={c.match === 'full' ? 'The bytecode and its metadata hash match' : 'The bytecode matches; its metadata hash (comments, file names) does not'}>
                  {c.match}
                </Badge>
              </td>
              <td className={TD} data-label="License">{c.license ? <ChainText text={c.license} /> : <span className="text-muted">none declared</span>}</td>
              <td className={`${TD} text-right text-muted`} data-label="Verified"><time dateTime={at}>{at.slice(0, 16).replace('T', ' ')} UTC</time></td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

/** `/contracts`: the verified contracts, newest verification first, filtered by a name prefix. */
export function ContractsView({ verdict }: { verdict: ContractListVerdict }) {
  const query = verdict.kind === 'found' || verdict.kind === 'bad-parameter' ? verdict.query : undefined;
  return (
    <ListFrame
      title="Verified contracts"
      intro={<>Contracts whose source was verified here, newest first. The license is the SPDX identifier the source declares. <SoftLink href={urls.verify()}>Verify a contract</SoftLink>.</>}
      controls={
        <form action="/contracts" method="get" role="search" aria-label="Find verified contracts" className="flex flex-wrap items-end gap-3 text-sm" data-testid="contract-filters">
          <label className="flex flex-col gap-1">
            <span className="text-xs text-muted">Name starts with</span>
            <input name="q" type="search" defaultValue={query?.q ?? ''} maxLength={64} spellCheck={false} autoComplete="off" className="h-9 w-56 rounded-md border border-border bg-surface px-2 text-sm text-fg" />
          </label>
          <button type="submit" className="h-9 rounded-md bg-accent px-3 font-medium text-accent-fg hover:opacity-90">Show</button>
        </form>
      }
    >
      {verdict.kind === 'bad-parameter' && !query ? (
        <ListProblem reason={verdict.reason} />
      ) : (
        <ListCard
          verdict={verdict}
          label="Verified contracts"
          firstHref={urls.contracts({ q: query?.q, limit: query?.limit })}
          nextHrefOf={(cursor) => urls.contracts({ q: query?.q, limit: query?.limit, cursor })}
          paged={Boolean(query?.cursor)}
          empty={query?.q ? 'No verified contract’s name starts with that.' : 'No contract has been verified here yet.'}
          testId="contract-list-card"
        >
          {(page) => <ContractTable contracts={page.items} />}
        </ListCard>
      )}
    </ListFrame>
  );
}
