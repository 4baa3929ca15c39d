'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import type { Address } from 'viem';
import { checkLabel } from '@/lib/search/labels/label-entry';
import { removeOwnLabel, saveOwnLabel } from '@/lib/search/labels/own-labels';
import { urls } from '@/lib/routes/urls';
import { refusalText } from '@/lib/search/labels/storage-room';
import { loadAbiModule } from '@/components/ui/client/use-abi-module';
import { useOwnLabels } from './use-labels';
import { ChainText } from '@/components/ui/values/ChainText';

/**
 * Name this address and attach an ABI, kept in this browser. Remounted (key) when the stored entry
 * changes. `operator`: this explorer's label of it (STRATA_LABELS), looked up by the page.
 */
export function LabelEditor({ address, operator }: { address: Address; operator?: string }) {
  const own = useOwnLabels().get(address.toLowerCase());
  return <EditorForm key={`${own?.label ?? ''}\u0000${own?.abi ?? ''}`} address={address} label={own?.label ?? ''} abi={own?.abi ?? ''} saved={Boolean(own)} operator={operator} />;
}

function EditorForm({ address, label: savedLabel, abi: savedAbi, saved, operator }: { address: Address; label: string; abi: string; saved: boolean; operator?: string }) {
  const [label, setLabel] = useState(savedLabel);
  const [abi, setAbi] = useState(savedAbi);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkLabel(label);
    if (!checked.ok) return setError(checked.error);
    if (abi.trim()) {
      // The ABI parser (viem) is fetched when a label with an ABI is saved, not with the page.
      const parsed = (await loadAbiModule()).parseAbiText(abi);
      if (!parsed.ok) return setError(`ABI: ${parsed.error}`);
    }
    const result = saveOwnLabel(abi.trim() ? { address, label: checked.label, abi } : { address, label: checked.label });
    setError(result.ok ? null : `Your labels with this one ${refusalText(result.refusal)}. Nothing was saved.`);
  }

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-2 p-4 text-sm" data-testid="label-editor">
      {operator ? (
        <p className="text-muted">
          This explorer labels it <strong className="text-fg"><ChainText text={operator} /></strong>; a label of yours shows instead.
        </p>
      ) : null}
      <label className="block text-xs text-muted" htmlFor="own-label">
        Your label (kept in this browser only; shown wherever this address appears)
      </label>
      <input
        id="own-label"
        data-testid="label-input"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        maxLength={80}
        className="w-full rounded-md border border-border bg-bg px-2 py-1"
        placeholder="e.g. My cold wallet"
      />
      <label className="block text-xs text-muted" htmlFor="own-abi">
        ABI (optional: decodes calls to this address on transaction pages)
      </label>
      <textarea
        id="own-abi"
        data-testid="label-abi"
        value={abi}
        onChange={(e) => setAbi(e.target.value)}
        rows={3}
        spellCheck={false}
        className="w-full rounded-md border border-border bg-bg p-2 font-mono text-xs"
        placeholder="function transfer(address to, uint256 amount)"
      />
      {error ? (
        <p className="text-bad" role="alert" data-testid="label-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" data-testid="label-save" className="rounded-md bg-accent px-3 py-1 font-medium text-accent-fg">
          Save label
        </button>
        {saved ? (
          <button type="button" data-testid="label-remove" onClick={() => removeOwnLabel(address)} className="rounded-md border border-border px-3 py-1">
            Remove
          </button>
        ) : null}
        <Link href={urls.labels()} className="text-xs">
          All your labels, export and import
        </Link>
      </div>
    </form>
  );
}
