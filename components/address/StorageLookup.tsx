import type { AddressState } from '@/lib/server/address/load-address';
import { proven } from '@/lib/checks/proof-outcome';
import { ProofStatus, ConsistencyList, ProvenMark } from './ProofStatus';
import { urls } from '@/lib/routes/urls';

/**
 * The storage-slot lookup: a GET form (`?slot=`) keeping the "as of" block; the value from
 * getStorageAt and the slot's storage proof verified against the proven storageHash.
 */
export function StorageLookup({ address, block, slotText, slotError, storage }: {
  address: string;
  block?: string;
  slotText?: string;
  slotError?: string;
  storage?: AddressState['storage'];
}) {
  return (
    <div className="space-y-3 p-4">
      <form method="get" action={urls.address(address)} className="flex flex-wrap items-end gap-3">
        {block ? <input type="hidden" name="block" value={block} /> : null}
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-muted">
          Slot (a decimal index, or hex up to 32 bytes, e.g. a mapping key)
          <input
            name="slot"
            defaultValue={slotText ?? ''}
            placeholder="0"
            data-testid="slot-input"
            className="w-full rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg"
          />
        </label>
        <button type="submit" className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2">
          Read slot
        </button>
      </form>
      {slotError ? <p className="text-sm text-bad">{slotError}</p> : null}
      {storage ? (
        <dl className="space-y-2 text-sm" data-testid="storage-result">
          <div className="grid gap-1 sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted">Key</dt>
            <dd className="break-all font-mono text-xs">{storage.slot}</dd>
          </div>
          <div className="grid gap-1 sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted">Value</dt>
            <dd className="min-w-0">
              {storage.value.ok ? (
                <>
                  <span className="block break-all font-mono text-xs" data-testid="storage-value">
                    {storage.value.value}
                  </span>
                  <span className="text-xs text-muted" data-testid="storage-decimal">
                    = {(storage.value.value === '0x' ? 0n : BigInt(storage.value.value)).toString()} as an integer
                  </span>
                  <ProvenMark
                    proven={storage.verdict !== undefined && proven(storage.verdict.outcome)}
                    differs={storage.verdict?.consistency?.ok === false}
                  />
                </>
              ) : (
                <span className="text-bad">getStorageAt failed: {storage.value.message}</span>
              )}
            </dd>
          </div>
          <div className="grid gap-1 sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted">Storage proof</dt>
            <dd className="min-w-0">
              {storage.verdict ? (
                <>
                  <ProofStatus outcome={storage.verdict.outcome} what="against the account's proven storageHash" testId="storage-proof" />
                  {storage.verdict.consistency ? <ConsistencyList checks={[storage.verdict.consistency]} /> : null}
                </>
              ) : (
                <span className="text-muted">No proof: getProof failed (see the account proof above).</span>
              )}
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
