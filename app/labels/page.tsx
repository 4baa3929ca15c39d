import type { Metadata } from 'next';
import { LabelsManager } from '@/components/labels/LabelsManager';
import { OperatorLabelList } from '@/components/labels/OperatorLabelList';
import { parseLabelsSearch } from '@/lib/routes/params/labels-params';
import { operatorLabels } from '@/lib/server/labels/operator-labels';
import { searchOperatorLabels } from '@/lib/server/labels/search-operator-labels';

export const metadata: Metadata = { title: 'Labels' };
// The operator's labels (STRATA_LABELS) are the running server's, not the build machine's.
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The reader's own address labels and ABIs (this browser), export and import; the operator's, searched on the server. */
export default async function LabelsPage({ searchParams }: Props) {
  const { q, page } = parseLabelsSearch(await searchParams);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold tracking-tight">Labels</h1>
      <LabelsManager />
      <OperatorLabelList result={searchOperatorLabels(q, page)} fileSize={operatorLabels().length} />
      <p className="text-xs text-muted">
        Your labels are kept in this browser&apos;s local storage and never sent anywhere. The file format:{' '}
        <code className="font-mono">{'{ "version": 1, "labels": [ { "address": "0x…", "label": "…", "abi": "optional" } ] }'}</code>
      </p>
    </div>
  );
}
