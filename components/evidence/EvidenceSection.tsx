import type { ReactNode } from 'react';
import { Card } from '@/components/ui/layout/Card';
import { getConfig } from '@/lib/ops/config';
import type { EvidenceTarget } from '@/lib/evidence/run-check';
import { CheckInBrowser } from './CheckInBrowser';

const WHAT: Readonly<Record<EvidenceTarget['kind'], string>> = {
  tx: 'the transaction among the ones its block commits to, its signature, its receipt (status, gas, logs, a created contract\u2019s address), and the sender\u2019s and recipient\u2019s accounts',
  block: 'its transactions, receipts and uncles against the roots its header commits to',
  address: 'the account\u2019s balance, nonce, code and storage against the block\u2019s state root',
};

interface EvidenceProps {
  readonly target: EvidenceTarget;
  readonly bundlePath: string;
  readonly chainLabel: string;
  /** A transaction's bundle offered as a file ("proof of payment"). */
  readonly download?: string;
}

function Explanation({ target, chainLabel }: { target: EvidenceTarget; chainLabel: string }): ReactNode {
  return (
    <>
      Your browser can check what this page says without trusting this explorer: the block&apos;s hash and proof of work, the {chainLabel} headers
      around it (each with the difficulty the protocol gives it, and the work they carry), and {WHAT[target.kind]}, all from the node&apos;s own answers.
      Without a checkpoint you got elsewhere, the check shows only that the evidence agrees with itself.
    </>
  );
}

function Download({ bundlePath, download, children }: { bundlePath: string; download: string; children: ReactNode }) {
  return (
    <a href={bundlePath} download={download} data-testid="evidence-download">
      {children}
    </a>
  );
}

/**
 * "Check it yourself" on the block and address pages: the button that runs the verifier in this
 * browser, with what it checks.
 */
export function EvidenceSection({ target, bundlePath, chainLabel, download }: EvidenceProps) {
  return (
    <Card title="Check it yourself">
      <div className="space-y-3 p-4 text-sm" data-testid="evidence-section">
        <p className="text-muted">
          <Explanation target={target} chainLabel={chainLabel} />
        </p>
        <CheckInBrowser target={target} bundlePath={bundlePath} chainLabel={chainLabel} checkpointsUrl={getConfig().checkpointsUrl} />
        {download ? (
          <p className="text-xs text-muted">
            <Download bundlePath={bundlePath} download={download}>
              Download the proof of payment
            </Download>{' '}
            (the evidence as JSON; check it offline with <code className="break-all">npx strata-verify-bundle {download}</code>)
          </p>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * The same as a compact control beside a page's title (the transaction page leads with its
 * facts): the button, the download, and what is checked a click away (a native disclosure, no
 * script). Rendered as items of the title's flex row; the open panel takes a row of its own.
 */
export function EvidenceControl({ target, bundlePath, chainLabel, download }: EvidenceProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="evidence-section">
      <CheckInBrowser target={target} bundlePath={bundlePath} chainLabel={chainLabel} checkpointsUrl={getConfig().checkpointsUrl} panelClassName="order-last basis-full" />
      {download ? (
        <Download bundlePath={bundlePath} download={download}>
          Download proof
        </Download>
      ) : null}
      <details className="relative" data-testid="evidence-about">
        <summary className="cursor-pointer text-muted">What is checked?</summary>
        <div className="absolute left-0 z-20 mt-2 w-[min(24rem,calc(100vw-2rem))] space-y-2 rounded-md border border-border bg-surface p-3 text-xs shadow-lg sm:left-auto sm:right-0">
          <p>
            <Explanation target={target} chainLabel={chainLabel} />
          </p>
          {download ? (
            <p className="text-muted">
              The proof, as JSON, checks offline with <code className="break-all">npx strata-verify-bundle {download}</code>.
            </p>
          ) : null}
        </div>
      </details>
    </div>
  );
}
