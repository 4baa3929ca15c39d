import type { Hex } from 'viem';
import { Badge } from '@/components/ui/layout/Badge';
import type { Transaction } from '@/lib/rpc/domain';
import { checkTransaction } from '@/lib/checks/signature';
import { Glyph } from '@/components/ui/values/Glyph';
import { DataTable } from '@/components/ui/layout/DataTable';

/** Each recomputed item beside what the node said, with match / mismatch. */
export async function SignatureCheck({ tx, raw }: { tx: Transaction; raw: Hex }) {
  const report = await checkTransaction(tx, raw);
  if (!report.ok) {
    return (
      <p className="text-sm text-bad" data-testid="signature-check" data-status="undecodable">
        {report.error}
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid="signature-check" data-status={report.allMatch ? 'match' : 'mismatch'}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {report.allMatch ? (
          <Badge tone="ok"><Glyph name="pass" /> all {report.items.length} items match</Badge>
        ) : (
          <Badge tone="bad"><Glyph name="fail" /> {report.items.filter((i) => !i.match).length} mismatch</Badge>
        )}
        <span className="text-xs text-muted">
          {tx.type === 1
            ? 'External transactions are unsigned: the hash and fields are recomputed from the raw bytes, the sender is their sender field.'
            : 'The hash is keccak256 of the raw bytes; the sender is recovered from the signature over the signing hash.'}
        </span>
      </p>
      <DataTable caption="Each field as the node gave it and as recomputed" keyboardScroll className="w-full min-w-[36rem] text-xs">
          <thead className="text-left text-muted">
            <tr className="border-b border-border">
              <th className="px-2 py-1.5 font-medium">Item</th>
              <th className="px-2 py-1.5 font-medium">Node says</th>
              <th className="px-2 py-1.5 font-medium">Recomputed from raw</th>
              <th className="px-2 py-1.5 font-medium">
                <span className="sr-only">Verdict</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {report.items.map((item) => (
              <tr key={item.label} data-match={item.match}>
                <td className="px-2 py-1.5 text-muted">{item.label}</td>
                <td className="max-w-[20rem] break-all px-2 py-1.5 font-mono">{item.node}</td>
                <td className="max-w-[20rem] break-all px-2 py-1.5 font-mono">{item.recomputed}</td>
                <td className="px-2 py-1.5">{item.match ? <span className="text-ok">match</span> : <span className="text-bad">mismatch</span>}</td>
              </tr>
            ))}
          </tbody>
      </DataTable>
    </div>
  );
}
