'use client';

import { useRef, useState } from 'react';
import { LiveAddress } from '@/components/ui/values/LiveAddress';
import { Card } from '@/components/ui/layout/Card';
import { parseLabelFile } from '@/lib/search/labels/label-file';
import { exportOwnLabels, importOwnLabels, removeOwnLabel } from '@/lib/search/labels/own-labels';
import { refusalText } from '@/lib/search/labels/storage-room';
import { useOwnLabels } from './use-labels';

/** The reader's labels with export (a JSON file) and import (merges, all or nothing). The operator's are ./OperatorLabelList. */
export function LabelsManager() {
  const own = [...useOwnLabels().values()];
  const fileInput = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  function download() {
    const url = URL.createObjectURL(new Blob([exportOwnLabels()], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'strata-labels.json';
    link.click();
    URL.revokeObjectURL(url);
  }

  async function load(file: File | undefined) {
    if (!file) return;
    const parsed = parseLabelFile(await file.text());
    if (fileInput.current) fileInput.current.value = '';
    if (!parsed.ok) return setStatus({ ok: false, text: `${file.name}: ${parsed.error}` });
    const result = importOwnLabels(parsed.labels);
    // Past the browser's storage nothing is kept, and the reader is told how much would fit.
    if (!result.ok) return setStatus({ ok: false, text: `Your labels with ${file.name} ${refusalText(result.refusal)}. Nothing was imported.` });
    setStatus({ ok: true, text: `Imported ${result.count} ${result.count === 1 ? 'label' : 'labels'} from ${file.name}.` });
  }

  return (
    <Card
      title={`Your labels (${own.length})`}
      action={
        <span className="flex gap-2 text-sm">
          <button type="button" onClick={download} data-testid="labels-export" className="rounded-md border border-border px-2 py-0.5">
            Export
          </button>
          <label className="cursor-pointer rounded-md border border-border px-2 py-0.5">
            Import
            <input ref={fileInput} type="file" accept="application/json,.json" className="sr-only" data-testid="labels-import" onChange={(e) => void load(e.target.files?.[0])} />
          </label>
        </span>
      }
    >
      {status ? (
        <p className={`border-b border-border px-4 py-2 text-sm ${status.ok ? 'text-ok' : 'text-bad'}`} role="status" data-testid="labels-status">
          {status.text}
        </p>
      ) : null}
      {own.length === 0 ? (
        <p className="p-4 text-sm text-muted">No labels yet: name an address on its page, or import a file exported from another browser.</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="own-labels">
          {own.map((entry) => (
            <li key={entry.address} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
              <LiveAddress address={entry.address} full />
              {entry.abi ? <span className="text-xs text-muted">with an ABI</span> : null}
              <button type="button" onClick={() => removeOwnLabel(entry.address)} className="ml-auto text-xs text-muted underline">
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
