import type { Metadata } from 'next';
import { LabelsManager } from '@/components/labels/LabelsManager';

export const metadata: Metadata = { title: 'Labels' };
// The operator's labels (STRATA_LABELS) are the running server's, not the build machine's.
export const dynamic = 'force-dynamic';

/** The reader's own address labels and ABIs (this browser), export and import, and the operator's. */
export default function LabelsPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold tracking-tight">Labels</h1>
      <LabelsManager />
    </div>
  );
}
