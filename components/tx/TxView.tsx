import Link from 'next/link';
import type { ReactNode } from 'react';
import { Address } from '@/components/ui/values/Address';
import { AnswerBanner } from '@/components/ui/status/AnswerBanner';
import { AnswerFlag } from '@/components/ui/status/AnswerFlag';
import { Age } from '@/components/ui/values/Age';
import { Amount } from '@/components/ui/values/Amount';
import { Badge } from '@/components/ui/layout/Badge';
import { Card } from '@/components/ui/layout/Card';
import { Hash } from '@/components/ui/values/Hash';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';
import { Unserved } from '@/components/ui/status/Unserved';
import { BytesView } from '@/components/block/header/BytesView';
import { gasRatio } from '@/components/block/header/figures';
import { decodeCallWith } from '@/lib/contracts/verified-abi';
import { formatInteger, plural } from '@/lib/text/format';
import type { Receipt, Transaction } from '@/lib/rpc/domain';
import { failedOn, mergeReports, type AnswerReport } from '@/lib/checks/answer';

/** What the page needs of the including block. */
export type BlockFacts = { readonly timestamp: bigint; readonly baseFeePerGas: bigint } | null;
import { urls } from '@/lib/routes/urls';
import type { NonceLinks } from '@/lib/server/tx/load-nonce-links';
import { NonceNavigation } from './NonceNavigation';
import { operatorAbiOf } from '@/lib/server/labels/operator-labels';
import { AbiDecoder } from './AbiDecoder';
import { DecodedCall } from './DecodedCall';
import type { TxPageData } from '@/lib/server/tx/load-tx';
import type { ReceiptTokens } from '@/lib/server/tx/load-receipt-tokens';
import type { TxAbis } from '@/lib/server/tx/load-tx-abis';
import { LogList } from './LogList';
import { PendingRefresh } from './PendingRefresh';
import { RawTransaction } from './RawTransaction';
import { txKind } from './tx-kind';
import { TokensMoved } from './TokensMoved';
import { EtxJourneyCardLazy, EtxOriginLazy } from './EtxJourneyLazy';
import { zoneOf } from '@/lib/protocol/chains';
import { Confirmations } from './Confirmations';
import { TxTypeBadge } from './TxTypeBadge';
import { TabPanel, Tabs } from '@/components/ui/layout/Tabs';
import { NotStored } from '@/components/ui/status/NotStored';
import { TX_TABS, type TxTab } from '@/lib/routes/params/tx-query';
import { logsToDraw } from '@/lib/decode/log-page';
import type { TraceView } from '@/lib/server/tx/load-trace-view';
import type { TxFailure } from '@/lib/server/tx/load-failure';
import { StatePanel, TraceMissing, TraceOverview, TracePanel } from './trace/TracePanels';
import { FailureStatus } from './failure/FailureStatus';
import { EvidenceControl } from '@/components/evidence/EvidenceSection';
import { Glyph } from '@/components/ui/values/Glyph';

function StatusBadge({ tx, receipt, answers }: { tx: Transaction; receipt: TxPageData['receipt']; answers: AnswerReport }) {
  if (!tx.blockHash) return <Badge tone="warn">pending · in the txpool</Badge>;
  if (!receipt.served) return <Badge tone="neutral">mined · status not served</Badge>;
  if (!receipt.value) return <Badge tone="neutral">mined · no receipt</Badge>;
  // Another transaction's receipt says nothing about this one's status.
  if (failedOn(answers, 'receipt transactionHash')) return <Badge tone="bad">mined · status unknown (another transaction&apos;s receipt)</Badge>;
  return receipt.value.status === 'success' ? <Badge tone="ok"><Glyph name="pass" /> success</Badge> : <Badge tone="bad"><Glyph name="fail" /> reverted</Badge>;
}

/** The price paid per gas: the receipt's, else min(maxFee, baseFee + tip) from the block. */
function effectivePrice(tx: Transaction, receipt: Receipt | null, block: BlockFacts): { wei: bigint; source: string } | undefined {
  if (receipt) return { wei: receipt.effectiveGasPrice, source: 'from the receipt' };
  if (!block) return undefined;
  const byTip = block.baseFeePerGas + tx.maxPriorityFeePerGas;
  return { wei: byTip < tx.maxFeePerGas ? byTip : tx.maxFeePerGas, source: "computed: min(max fee, block's base fee + tip)" };
}

const NO_ABIS: TxAbis = { input: [], logs: new Map() };

/**
 * Where the page is and which of its tabs is open; `trace`: what the node's tracer gave
 * (`loadTraceView`); `failure`: why it failed or which calls inside it reverted (`loadTxFailure`).
 */
export interface TxTabState {
  readonly tab: TxTab;
  readonly baseHref: string;
  readonly trace: TraceView;
  readonly failure?: TxFailure | null;
}

/**
 * The whole transaction page for loaded data; `tokens`: the token facts its receipt names
 * (`loadReceiptTokens`); `abis`: the verified ABIs of the called contract and the log emitters
 * (`loadTxAbis`). The Trace and State changes tabs exist where the node traces
 * (`tabs.trace`); without them the overview says why.
 */
export function TxView({ data, block, tokens, abis = NO_ABIS, tabs, nonces = null }: { data: TxPageData; block: BlockFacts; tokens: ReceiptTokens; abis?: TxAbis; tabs: TxTabState; nonces?: NonceLinks | null }) {
  const { chain, tx, receipt, answers } = data;
  const { tab, baseHref, trace, failure = null } = tabs;
  const hasTabs = trace.kind === 'ok' || trace.kind === 'failed';
  const node = `The ${chain.label} node`;
  const tabHref = (id: TxTab) => `${baseHref}?tab=${id}`;
  let panel: ReactNode = null;
  if (tab !== 'overview' && trace.kind === 'ok') {
    panel = tab === 'trace' ? <TracePanel view={trace} failure={failure} /> : <StatePanel view={trace} />;
  } else if (tab !== 'overview' && trace.kind === 'failed') {
    panel = <TraceMissing view={trace} asked={tabHref(tab)} />;
  }
  const pending = !tx.blockHash;
  const content = panel ?? (
    <>
      {/* A trace tab asked of a node that does not trace is the overview: not kept under the tab's key. */}
      {tab !== 'overview' ? <NotStored reason="no such tab for this node" /> : null}
      <TxOverview data={data} block={block} tokens={tokens} abis={abis} trace={trace} failure={failure} traceHref={tabHref('trace')} nonces={nonces} />
    </>
  );

  return (
    <div className="space-y-4">
      {pending ? <PendingRefresh hash={tx.hash} from={tx.type === 1 ? tx.sender : tx.from} /> : null}
      {/* One banner for every answer of the page, the trace's checks among them. */}
      <AnswerBanner report={trace.kind === 'ok' ? mergeReports(answers, trace.trace.checks.report) : answers} node={node} />
      <header className="space-y-2">
        {/* The facts lead; checking them is a compact control beside the title, its panel a row of its own when opened. */}
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <div className="min-w-0 space-y-2">
            <p className="text-xs uppercase tracking-wide text-muted">{chain.label} · transaction</p>
            <h1 className="flex flex-wrap items-center gap-3 text-xl font-semibold tracking-tight">
              <span>Transaction</span>
              <span data-testid="tx-status">
                <StatusBadge tx={tx} receipt={receipt} answers={answers} />
              </span>
              <TxTypeBadge type={tx.type} />
            </h1>
          </div>
          {pending ? null : (
            <EvidenceControl
              target={{ kind: 'tx', chain: chain.name, hash: tx.hash }}
              bundlePath={urls.api.evidenceTx(tx.hash)}
              chainLabel={chain.label}
              download={`strata-evidence-tx-${tx.hash}.json`}
            />
          )}
        </div>
        <p className="text-sm">
          <Hash value={tx.hash} full copy />
        </p>
        <AnswerFlag report={answers} field="hash" />
        {pending ? (
          <p className="text-sm text-muted" role="status">
            Waiting to be mined: this page updates itself when the transaction is in a block.
          </p>
        ) : null}
      </header>

      {hasTabs ? <Tabs items={TX_TABS} active={panel ? tab : 'overview'} baseHref={baseHref} /> : null}
      {hasTabs ? <TabPanel active={panel ? tab : 'overview'}>{content}</TabPanel> : content}
    </div>
  );
}

/** The Overview tab: everything read without tracing, and the value moved below the top-level call. */
function TxOverview({ data, block, tokens, abis, trace, failure, traceHref, nonces }: { data: TxPageData; block: BlockFacts; tokens: ReceiptTokens; abis: TxAbis; trace: TraceView; failure: TxFailure | null; traceHref: string; nonces: NonceLinks | null }) {
  const { chain, tx, raw, receipt, answers } = data;
  const kind = txKind(tx);
  const rcpt = receipt.served ? receipt.value : null;
  const price = effectivePrice(tx, rcpt, block);
  return (
    <div className="space-y-4" data-testid="tab-overview">
      {tx.type === 1 ? <EtxOriginLazy hash={tx.hash} chain={chain.name} /> : null}
      {rcpt && rcpt.etxs.length > 0 ? (
        <EtxJourneyCardLazy origin={chain.name} etxs={rcpt.etxs.map((etx) => ({ hash: etx.hash, destination: etx.to ? zoneOf(etx.to).name : null }))} />
      ) : null}

      {rcpt ? <TokensMoved moves={tokens.moves} more={urls.api.txLogs(tx.hash, 0)} /> : null}

      <InfoTable title="Overview">
        <InfoRow label="Status">
          <span data-testid="status-row">
            <StatusBadge tx={tx} receipt={receipt} answers={answers} />
          </span>
          <FailureStatus failure={failure} traceHref={traceHref} />
        </InfoRow>
        <InfoRow label="Block">
          {tx.blockHash && tx.blockNumber !== null ? (
            <span className="inline-flex flex-wrap items-center gap-x-2">
              <Link prefetch={false} href={urls.block(chain.name, tx.blockHash)}>
                {formatInteger(tx.blockNumber)}
              </Link>
              <span className="text-muted">
                on {chain.label}, index {tx.transactionIndex ?? '—'}
                <Confirmations chain={chain.name} blockNumber={tx.blockNumber.toString()} />
              </span>
            </span>
          ) : (
            <span className="text-muted">not yet in a block</span>
          )}
        </InfoRow>
        {block ? (
          <InfoRow label="Timestamp">
            <Age timestamp={block.timestamp} toggle />
          </InfoRow>
        ) : null}
        <InfoRow label="Type">
          <span className="inline-flex flex-wrap items-center gap-2">
            <TxTypeBadge type={tx.type} />
            <span>{kind.label}</span>
          </span>
          <p className="mt-1 text-xs text-muted">{kind.description}</p>
        </InfoRow>
        {tx.type !== 0 || kind.crossZone ? (
          <InfoRow label="Zones" hint="Origin zone (the sender's) and destination zone (the recipient's)">
            <span data-testid="tx-zones">
              {kind.originZone?.label ?? 'unknown'} → {kind.destinationZone?.label ?? 'contract creation'}
            </span>
          </InfoRow>
        ) : null}
        <InfoRow label="From">
          {tx.type === 1 ? (
            <span className="space-y-1">
              <Address address={tx.sender} full copy zone />
              <span className="block text-xs text-muted">
                ETX sender (the node&apos;s <code>from</code> is the zero address for external transactions)
              </span>
            </span>
          ) : (
            <Address address={tx.from} full copy zone />
          )}
        </InfoRow>
        <InfoRow label="To">
          {tx.to ? (
            <Address address={tx.to} full copy zone />
          ) : (
            <span>
              contract creation
              {rcpt?.contractAddress ? (
                <>
                  {' '}
                  → <Address address={rcpt.contractAddress} full copy zone />
                </>
              ) : null}
            </span>
          )}
        </InfoRow>
        <InfoRow label="Value">
          <Amount wei={tx.value} exact />
        </InfoRow>
        <InfoRow label="Max fee per gas">
          <Amount wei={tx.maxFeePerGas} unit="gwei" exact />
        </InfoRow>
        <InfoRow label="Max priority fee (tip)">
          <Amount wei={tx.maxPriorityFeePerGas} unit="gwei" exact />
        </InfoRow>
        <InfoRow label="Effective gas price">
          {price ? (
            <span>
              <Amount wei={price.wei} unit="gwei" exact /> <span className="text-xs text-muted">({price.source})</span>
            </span>
          ) : (
            <span className="text-muted">known once mined</span>
          )}
        </InfoRow>
        <InfoRow label="Gas limit · used">
          <span className="tabular-nums">
            {formatInteger(tx.gas)}
            {rcpt ? (
              <>
                {' '}
                · {formatInteger(rcpt.gasUsed)} used <span className="text-muted">({gasRatio(rcpt.gasUsed, tx.gas)})</span>
              </>
            ) : null}
          </span>
        </InfoRow>
        {rcpt && price ? (
          <InfoRow label="Fee paid">
            <Amount wei={rcpt.gasUsed * price.wei} exact />
          </InfoRow>
        ) : null}
        <InfoRow label="Nonce">
          <span className="tabular-nums">{formatInteger(tx.nonce)}</span>
          {nonces ? <NonceNavigation links={nonces} /> : null}
        </InfoRow>
        <InfoRow label="Chain id">{tx.chainId === null ? <span className="text-muted">not reported</span> : tx.chainId.toString()}</InfoRow>
        {tx.type === 2 ? (
          <>
            <InfoRow label="ETX gas limit">
              <span className="tabular-nums">{formatInteger(tx.etxGasLimit)}</span>
            </InfoRow>
            <InfoRow label="ETX gas price">
              <Amount wei={tx.etxGasPrice} unit="gwei" exact />
            </InfoRow>
            <InfoRow label="ETX gas tip">
              <Amount wei={tx.etxGasTip} unit="gwei" exact />
            </InfoRow>
            <InfoRow label="ETX data">
              <BytesView hex={tx.etxData} />
            </InfoRow>
            <InfoRow label="ETX access list">{plural(tx.etxAccessList.length, 'entry', 'entries')}</InfoRow>
          </>
        ) : null}
        <InfoRow label="Access list">
          {tx.accessList.length === 0 ? (
            <span className="text-muted">empty</span>
          ) : (
            <ul className="space-y-1">
              {tx.accessList.map((entry) => (
                <li key={entry.address}>
                  <Address address={entry.address} /> <span className="text-xs text-muted">{plural(entry.storageKeys.length, 'storage key')}</span>
                </li>
              ))}
            </ul>
          )}
        </InfoRow>
      </InfoTable>

      <TraceOverview view={trace} traceHref={traceHref} />

      <Card title="Input data">
        <div className="space-y-4 p-4">
          <VerifiedDecodedCall abis={abis} input={tx.input} />
          <BytesView hex={tx.input} empty="No input data" />
          {tx.input !== '0x' ? <AbiDecoder input={tx.input} to={tx.to} operatorAbi={operatorAbiOf(tx.to)} /> : null}
        </div>
      </Card>

      <Card title="Receipt">
        <div className="space-y-3 p-4 text-sm">
          <AnswerFlag report={answers} field="receipt transactionHash" />
          <ReceiptBody tx={tx} receipt={receipt} logTokens={tokens.logTokens} logAbis={abis.logs} />
        </div>
      </Card>

      <Card title="Raw transaction and signature check">
        <div className="space-y-3 p-4">
          <AnswerFlag report={answers} field="raw bytes" />
          {raw ? (
            <RawTransaction tx={tx} raw={raw} />
          ) : (
            <p className="text-sm text-muted">The node returned no raw bytes for this transaction, so its signature cannot be checked here.</p>
          )}
        </div>
      </Card>
    </div>
  );
}

function VerifiedDecodedCall({ abis, input }: { abis: TxAbis; input: Transaction['input'] }) {
  const { call, origin } = decodeCallWith(abis.input, input);
  return <DecodedCall call={call} origin={origin} />;
}

function ReceiptBody({ tx, receipt, logTokens, logAbis }: { tx: Transaction; receipt: TxPageData['receipt']; logTokens: ReceiptTokens['logTokens']; logAbis: TxAbis['logs'] }) {
  if (!receipt.served) return <Unserved feature="The receipt (status, gas used, logs)" method={receipt.method} />;
  if (!receipt.value) {
    return <p className="text-muted">{tx.blockHash ? 'The node returned no receipt for this transaction.' : 'There is no receipt until the transaction is mined.'}</p>;
  }
  const r = receipt.value;
  const drawn = logsToDraw(r.logs);
  return (
    <>
      <p>
        Status <strong>{r.status}</strong> · gas used {formatInteger(r.gasUsed)} · cumulative {formatInteger(r.cumulativeGasUsed)}
      </p>
      {r.etxs.length > 0 ? (
        <div>
          <p className="mb-1 text-xs text-muted">External transactions emitted</p>
          <ul className="space-y-1">
            {r.etxs.map((etx) => (
              <li key={etx.hash} className="flex flex-wrap items-center gap-2">
                <Hash value={etx.hash} href={urls.tx(etx.hash)} copy />
                {etx.to ? (
                  <span className="text-xs text-muted">
                    to <Address address={etx.to} zone />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <p className="mb-1 text-xs text-muted">{plural(r.logs.length, 'log')}</p>
        <LogList logs={r.logs.slice(0, drawn)} tokens={logTokens} abis={logAbis} />
        {r.logs.length > drawn ? (
          <p className="mt-3 text-sm" data-testid="logs-more">
            The first {formatInteger(drawn)} of {formatInteger(r.logs.length)} logs are drawn here.{' '}
            <a href={urls.api.txLogs(tx.hash, drawn)}>The rest, decoded, as JSON</a>, a page at a time (each page links the next).
          </p>
        ) : null}
      </div>
    </>
  );
}
