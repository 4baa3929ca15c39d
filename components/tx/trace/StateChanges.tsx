import { getAddress, type Hex } from 'viem';
import { Address } from '@/components/ui/values/Address';
import { Amount } from '@/components/ui/values/Amount';
import { Badge } from '@/components/ui/layout/Badge';
import { formatInteger, plural } from '@/lib/text/format';
import { nameSlot, type SlotNamer } from '@/lib/contracts/slot-names';
import type { AccountChanges } from '@/lib/rpc/trace-types';
import { Glyph } from '@/components/ui/values/Glyph';
import { DataTable } from '@/components/ui/layout/DataTable';

const LIFECYCLE: Record<AccountChanges['lifecycle'], { label: string; tone: 'ok' | 'bad' | 'neutral' } | null> = {
  created: { label: 'created', tone: 'ok' },
  deleted: { label: 'self-destructed', tone: 'bad' },
  changed: null,
};

/**
 * The State changes tab: per account the transaction touched, its balance, nonce, code and
 * storage before and after (the node's prestateTracer in diffMode, resolved by
 * lib/trace/state-changes.ts), with the difference. Storage slots a standard names (EIP-1967)
 * or a contract's verified layout names (`layoutOf`, when one is known) carry that name.
 */
export function StateChanges({ accounts, layoutOf }: { accounts: readonly AccountChanges[]; layoutOf?: (address: string) => SlotNamer | undefined }) {
  if (accounts.length === 0) {
    return <p className="text-sm text-muted" data-testid="state-none">The node reports no account whose state this transaction changed.</p>;
  }
  return (
    <div className="space-y-3" data-testid="state-changes">
      <p className="text-xs text-muted">{plural(accounts.length, 'account')} changed, as the node&apos;s prestate tracer reports them (before → after).</p>
      {accounts.map((account) => (
        <AccountCard key={account.address} account={account} layout={layoutOf?.(account.address)} />
      ))}
    </div>
  );
}

function AccountCard({ account, layout }: { account: AccountChanges; layout: SlotNamer | undefined }) {
  const life = LIFECYCLE[account.lifecycle];
  return (
    <section className="card" data-testid="state-account" data-address={account.address.toLowerCase()}>
      <header className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2 text-sm">
        <Address address={account.address} zone />
        {life ? <Badge tone={life.tone}>{life.label}</Badge> : null}
      </header>
      <dl className="grid gap-x-4 gap-y-1 px-4 py-2 text-sm sm:grid-cols-[8rem_1fr]">
        {account.balance ? (
          <>
            <dt className="text-muted">Balance</dt>
            <dd data-testid="state-balance" className="flex flex-wrap items-center gap-x-2">
              <Amount wei={account.balance.before} /> <Glyph name="to" label="to" /> <Amount wei={account.balance.after} />
              <Delta before={account.balance.before} after={account.balance.after} wei />
            </dd>
          </>
        ) : null}
        {account.nonce ? (
          <>
            <dt className="text-muted">Nonce</dt>
            <dd data-testid="state-nonce" className="tabular-nums">
              {formatInteger(account.nonce.before)} <Glyph name="to" label="to" /> {formatInteger(account.nonce.after)} <Delta before={account.nonce.before} after={account.nonce.after} />
            </dd>
          </>
        ) : null}
        {account.code ? (
          <>
            <dt className="text-muted">Code</dt>
            <dd data-testid="state-code">
              {bytes(account.code.before)} <Glyph name="to" label="to" /> {bytes(account.code.after)}
            </dd>
          </>
        ) : null}
      </dl>
      {account.storage.length > 0 ? <StorageTable slots={account.storage} layout={layout} /> : null}
    </section>
  );
}

function StorageTable({ slots, layout }: { slots: AccountChanges['storage']; layout: SlotNamer | undefined }) {
  return (
    <DataTable caption="Storage slots changed" keyboardScroll boxClassName="border-t border-border" className="w-full min-w-[40rem] text-xs" testId="state-storage">
        <thead className="text-left text-muted">
          <tr className="border-b border-border">
            <th className="px-4 py-1.5 font-medium">Storage slot</th>
            <th className="px-2 py-1.5 font-medium">Before</th>
            <th className="px-2 py-1.5 font-medium">After</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {slots.map((s) => {
            const named = nameSlot(s.slot, layout);
            return (
              <tr key={s.slot} data-testid="state-slot" data-slot={s.slot} data-slot-name={named?.name}>
                <td className="px-4 py-1.5 align-top">
                  {named ? (
                    <span className="block font-medium" title={named.source}>
                      {named.name}
                    </span>
                  ) : null}
                  <span className="break-all font-mono text-muted">{s.slot}</span>
                </td>
                <td className="px-2 py-1.5 align-top">
                  <Word value={s.before} asAddress={named?.holdsAddress ?? false} />
                </td>
                <td className="px-2 py-1.5 align-top">
                  <Word value={s.after} asAddress={named?.holdsAddress ?? false} />
                </td>
              </tr>
            );
          })}
        </tbody>
    </DataTable>
  );
}

/** A 32-byte word: as an address when the slot holds one (and is set), else its hex with the number beside it. */
function Word({ value, asAddress }: { value: Hex; asAddress: boolean }) {
  const n = BigInt(value);
  if (asAddress && n !== 0n && n < 1n << 160n) return <Address address={getAddress(`0x${n.toString(16).padStart(40, '0')}`)} />;
  return (
    <span className="break-all font-mono" title={n === 0n ? 'zero (empty slot)' : `${n} as a number`}>
      {n === 0n ? <span className="text-muted">0x0</span> : `0x${n.toString(16)}`}
    </span>
  );
}

/** The signed difference, in QUAI for balances. */
function Delta({ before, after, wei = false }: { before: bigint; after: bigint; wei?: boolean }) {
  const d = after - before;
  if (d === 0n) return null;
  const sign = d > 0n ? '+' : '−';
  const abs = d > 0n ? d : -d;
  return (
    <span className={`text-xs ${d > 0n ? 'text-ok' : 'text-bad'}`} data-testid="state-delta" data-delta={d.toString()}>
      ({sign}
      {wei ? <Amount wei={abs} /> : formatInteger(abs)})
    </span>
  );
}

const bytes = (hex: Hex) => (hex === '0x' ? 'none' : `${formatInteger((hex.length - 2) / 2)} bytes`);
