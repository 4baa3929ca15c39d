import type { Metadata } from 'next';
import { LabelsManager } from '@/components/labels/LabelsManager';
import { OperatorLabelList } from '@/components/labels/OperatorLabelList';
import { resolveLabels } from '@/lib/server/labels/resolve-labels';
import { routeData } from '@/lib/server/pipeline/route-data';

export const metadata: Metadata = { title: 'Labels' };
// The operator's labels (STRATA_LABELS) are the running server's, not the build machine's.
export const dynamic = 'force-dynamic';

/** The reader's own address labels and ABIs (this browser), export and import; the operator's, searched on the server (lib/server/labels/resolve-labels.ts). */
export default async function LabelsPage() {
  const { result, fileSize } = await routeData(resolveLabels);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold tracking-tight">Labels</h1>
      <LabelsManager />
      <OperatorLabelList result={result} fileSize={fileSize} />
      <p className="text-xs text-muted">
        Your labels are kept in this browser&apos;s local storage and never sent anywhere. The file format:{' '}
        <code className="font-mono">{'{ "version": 1, "labels": [ { "address": "0x…", "label": "…", "abi": "optional" } ] }'}</code>
      </p>
    </div>
  );
}
