import { Badge } from '@/components/ui/layout/Badge';
import type { Header, Uncle } from '@/lib/rpc/domain';
import { checkSeal } from '@/lib/checks/seal';
import { Glyph } from '@/components/ui/values/Glyph';

/**
 * The proof-of-work check of a block or uncle, computed on the server from the header fields
 * the node sent: verified, not checkable (with the reason), or invalid.
 */
export function PowCheck({ header }: { header: Header | Uncle }) {
  const verdict = checkSeal(header);
  if (verdict.status === 'verified') {
    return (
      <div className="space-y-1" data-testid="pow-check" data-status="verified">
        <Badge tone="ok" title="The hash recomputed from the header fields equals the block hash and is below the target">
          <Glyph name="pass" /> verified
        </Badge>
        <p className="text-xs text-muted">
          blake3 hash recomputed from the header fields equals the block hash, and it is at most the target
          2^256 / difficulty ={' '}
          <span className="break-all font-mono">0x{verdict.target.toString(16).padStart(64, '0')}</span>.
        </p>
      </div>
    );
  }
  if (verdict.status === 'unverifiable') {
    return (
      <div className="space-y-1" data-testid="pow-check" data-status="unverifiable">
        <Badge tone="warn">not checkable</Badge>
        <p className="text-xs text-muted">{verdict.reason}</p>
      </div>
    );
  }
  return (
    <div className="space-y-1" data-testid="pow-check" data-status="invalid">
      <Badge tone="bad"><Glyph name="fail" /> invalid</Badge>
      <p className="text-xs text-muted">{verdict.reason}</p>
    </div>
  );
}
