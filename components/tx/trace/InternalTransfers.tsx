import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { Amount } from '@/components/ui/values/Amount';
import { Badge } from '@/components/ui/layout/Badge';
import { Card } from '@/components/ui/layout/Card';
import { ChainText } from '@/components/ui/values/ChainText';
import { plural } from '@/lib/text/format';
import type { InternalTransfer } from '@/lib/rpc/trace-types';
import { Glyph } from '@/components/ui/values/Glyph';

/**
 * The value a transaction moved below its root call (lib/trace/internal-transfers.ts): from, to,
 * value and the frame it happened in, linking to that frame in the Trace tab. A transfer inside
 * a frame that failed moved nothing, and says so.
 */
export function InternalTransfers({ transfers, traceHref }: { transfers: readonly InternalTransfer[]; traceHref: string }) {
  return (
    <Card title={`Internal transfers · ${plural(transfers.length, 'transfer')}`}>
      {transfers.length === 0 ? (
        <p className="p-4 text-sm text-muted" data-testid="internal-transfers-none">
          No value moved below the top-level call: every transfer of this transaction is the one above.
        </p>
      ) : (
        <ul className="divide-y divide-border text-sm" data-testid="internal-transfers">
          {transfers.map((t) => (
            <li key={t.traceId} data-testid="internal-transfer" data-trace-id={t.traceId} data-failed={t.error ? 'true' : 'false'} className="flex flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2">
              <Link href={`${traceHref}#frame-${t.traceId}`} prefetch={false} className="font-mono text-xs" title="This frame in the Trace tab">
                {t.traceId}
              </Link>
              <Badge tone={t.contractAddress ? 'prime' : 'neutral'}>{t.type}</Badge>
              <Address address={t.from} />
              <Glyph name="to" label="to" />
              <Address address={t.to} />
              {t.contractAddress ? <span className="text-xs text-muted">created</span> : null}
              <span className={`ml-auto ${t.error ? 'text-muted line-through' : ''}`}>
                <Amount wei={t.value} exact />
              </span>
              {t.error ? <Badge tone="bad" title="A frame on its path failed, so the value did not move"><span><Glyph name="fail" /> not moved: <ChainText text={t.error} /></span></Badge> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
