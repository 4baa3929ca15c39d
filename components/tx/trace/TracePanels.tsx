import Link from 'next/link';
import type { Abi } from 'viem';
import { Card } from '@/components/ui/layout/Card';
import { ChainText } from '@/components/ui/values/ChainText';
import { NotStored } from '@/components/ui/status/NotStored';
import type { TraceView } from '@/lib/server/tx/load-trace-view';
import type { TxFailure } from '@/lib/server/tx/load-failure';
import { FailureSite } from '../failure/FailureSite';
import { revertReasonOf } from '@/lib/trace/decode-frame';
import { pathText, revertOrigin } from '@/lib/trace/frame-tree';
import type { CallFrame } from '@/lib/rpc/trace-types';
import { stateChangesOf } from '@/lib/trace/state-changes';
import { CallTree } from './CallTree';
import { InternalTransfers } from './InternalTransfers';
import { StateChanges } from './StateChanges';
import { TraceChecks } from './TraceChecks';

type Ok = Extract<TraceView, { kind: 'ok' }>;

/** The Trace tab: the checks, where a failure started (and its lines), then the call tree. */
export function TracePanel({ view, failure = null }: { view: Ok; failure?: TxFailure | null }) {
  const { call, checks } = view.trace;
  const origin = revertOrigin(call);
  const reason = origin ? failureText(origin.frame, origin.frame.to ? view.abis(origin.frame.to) : undefined) : null;
  const traced = failure?.kind === 'traced' ? failure : null;
  return (
    <div className="space-y-4" data-testid="tab-trace">
      <TraceChecks verdict={checks} />
      {origin && traced?.reverted ? (
        <div className="space-y-1 rounded-lg border border-bad/50 bg-surface p-3 text-sm" data-testid="revert-origin" data-path={pathText(origin.path)}>
          <p className="font-medium text-bad">Reverted</p>
          <FailureSite site={traced.reverted} traceHref="" />
          <p className="text-xs text-muted">
            {origin.path.length > 0 ? 'Every caller above that frame passed the failure on.' : 'The failure started in the transaction’s own call.'}
          </p>
        </div>
      ) : origin ? (
        <p className="rounded-lg border border-bad/50 bg-surface p-3 text-sm" data-testid="revert-origin" data-path={pathText(origin.path)}>
          <span className="font-medium text-bad">Reverted</span>
          {reason ? (
            <>
              : <ChainText text={reason} className="font-medium" />
            </>
          ) : null}{' '}
          <span className="text-muted">
            — the failure started in frame{' '}
            <a href={`#frame-${pathText(origin.path)}`} className="font-mono">
              {pathText(origin.path)}
            </a>
            {origin.path.length > 0 ? ' and every caller above it passed it on' : ', the transaction’s own call'}.
          </span>
        </p>
      ) : null}
      <Card title="Call tree">
        <div className="overflow-x-auto p-4">
          <CallTree root={call} abiOf={view.abis} originOf={view.origins} revertPath={origin?.path ?? null} lines={traced?.lines} caught={traced?.inner.map((i) => i.pathText)} />
        </div>
      </Card>
    </div>
  );
}

/** Why a frame failed, in words: its revert data decoded here, else the node's reason, else its error. */
function failureText(frame: CallFrame, abi: Abi | undefined): string | null {
  const decoded = frame.output && frame.output !== '0x' ? revertReasonOf(frame.output, abi) : undefined;
  if (decoded?.kind === 'reason') return decoded.text;
  return frame.revertReason ?? frame.error;
}

/** The State changes tab. */
export function StatePanel({ view }: { view: Ok }) {
  return (
    <div className="space-y-4" data-testid="tab-state">
      <TraceChecks verdict={view.trace.checks} />
      <StateChanges accounts={stateChangesOf(view.trace.diff)} layoutOf={(address) => view.slots.get(address.toLowerCase())} />
    </div>
  );
}

/** The overview's part of the trace: the internal transfers, or the line saying why there are none to show. */
export function TraceOverview({ view, traceHref }: { view: TraceView; traceHref: string }) {
  switch (view.kind) {
    case 'pending':
      return null;
    case 'ok':
      return (
        <>
          {/* The transfers come from the trace: where the node's other answers contradict it, say so here too. */}
          {view.trace.checks.report.failed.length > 0 ? <TraceChecks verdict={view.trace.checks} /> : null}
          <InternalTransfers transfers={view.trace.internalTransfers} traceHref={traceHref} />
        </>
      );
    case 'unsupported':
    case 'failed':
      return <TraceMissing view={view} />;
  }
}

/**
 * Why the trace tabs are absent (the node does not trace) or empty this time (it failed to),
 * said where they would be; a failure marks the page not to be stored.
 */
export function TraceMissing({ view, asked }: { view: Extract<TraceView, { kind: 'unsupported' | 'failed' }>; asked?: string }) {
  return (
    <p className="rounded-lg border border-dashed border-border bg-surface p-3 text-sm text-muted [overflow-wrap:anywhere]" data-testid="trace-missing" data-kind={view.kind}>
      {view.kind === 'failed' ? <NotStored reason="the trace could not be read" /> : null}
      {view.kind === 'unsupported' ? (
        <>
          <span className="font-medium text-fg">Internal calls are not shown.</span> {view.reason}
        </>
      ) : (
        <>
          <span className="font-medium text-fg">The trace could not be read</span> ({view.reason}), so internal calls and state changes are not shown.{' '}
          {asked ? <Link href={asked}>Try again</Link> : null}
        </>
      )}
    </p>
  );
}
