import { Card } from '@/components/ui/layout/Card';
import type { EvidenceTarget } from '@/lib/evidence/run-check';
import { CheckInBrowser } from './CheckInBrowser';

const WHAT: Readonly<Record<EvidenceTarget['kind'], string>> = {
  tx: 'the transaction among the ones its block commits to, its signature, its receipt (status, gas, logs), and the sender\u2019s and recipient\u2019s accounts',
  block: 'its transactions, receipts and uncles against the roots its header commits to',
  address: 'the account\u2019s balance, nonce, code and storage against the block\u2019s state root',
};

/**
 * "Check it yourself" on the transaction, block and address pages: the button that runs the
 * verifier in this browser and, for a transaction, the bundle to keep ("proof of payment"),
 * which `npx strata-verify-bundle` checks offline.
 */
export function EvidenceSection({ target, bundlePath, chainLabel, download }: { target: EvidenceTarget; bundlePath: string; chainLabel: string; download?: string }) {
  return (
    <Card title="Check it yourself">
      <div className="space-y-3 p-4 text-sm" data-testid="evidence-section">
        <p className="text-muted">
          Your browser can check what this page says without trusting this explorer: the block&apos;s hash and proof of work, the {chainLabel} headers
          above it, and {WHAT[target.kind]}, all from the node&apos;s own answers.
        </p>
        <CheckInBrowser target={target} bundlePath={bundlePath} chainLabel={chainLabel} />
        {download ? (
          <p className="text-xs text-muted">
            <a href={bundlePath} download={download} data-testid="evidence-download">
              Download the proof of payment
            </a>{' '}
            (the evidence as JSON; check it offline with <code className="break-all">npx strata-verify-bundle {download}</code>)
          </p>
        ) : null}
      </div>
    </Card>
  );
}
