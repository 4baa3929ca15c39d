import { Address } from '@/components/ui/values/Address';
import { Badge } from '@/components/ui/layout/Badge';
import { decodeLogWith, originText, type VerifiedAbi } from '@/lib/contracts/verified-abi';
import { decodeLog } from '@/lib/decode/events';
import { displayWithUnits } from '@/lib/decode/token-units';
import type { TokenFacts } from '@/lib/server/token/load-token-facts';
import type { Log } from '@/lib/rpc/domain';
import { ChainText } from '@/components/ui/values/ChainText';
import { DecodedArgs } from './DecodedArgs';
import { LOG_DATA_ON_PAGE } from '@/lib/decode/log-page';
import { formatInteger } from '@/lib/text/format';

/**
 * Topics and data as the node sent them, as one block of text (a page may draw a hundred logs);
 * data past LOG_DATA_ON_PAGE bytes is in the logs' JSON.
 */
function RawLog({ log }: { log: Log }) {
  const bytes = (log.data.length - 2) / 2;
  const data = bytes > LOG_DATA_ON_PAGE ? `${log.data.slice(0, 2 + 2 * LOG_DATA_ON_PAGE)}…` : log.data;
  const lines = [...log.topics.map((topic, t) => `topic${t} ${topic}`), `data   ${log.data === '0x' ? '(empty)' : data}`];
  return (
    <>
      <pre className="whitespace-pre-wrap break-all font-mono">{lines.join('\n')}</pre>
      {bytes > LOG_DATA_ON_PAGE ? (
        <p className="text-muted">The first {formatInteger(LOG_DATA_ON_PAGE)} of {formatInteger(bytes)} bytes of data; all of them in the logs&apos; JSON.</p>
      ) : null}
    </>
  );
}

/**
 * A receipt's logs: standard events decoded (lib/decode), then others with the emitter's verified
 * ABI (`abis`, by lower-case address), others raw with the reason. The standard table goes first
 * because it knows token units; its parameter names are the standard's. With `tokens` (facts by
 * lower-case address), ERC-20 amounts read in the token's units.
 */
export function LogList({ logs, tokens, abis }: { logs: readonly Log[]; tokens?: ReadonlyMap<string, TokenFacts>; abis?: ReadonlyMap<string, readonly VerifiedAbi[]> }) {
  if (logs.length === 0) return <p className="text-sm text-muted">No logs.</p>;
  return (
    <ol className="space-y-3" data-testid="log-list">
      {logs.map((log, i) => {
        const decoded = decodeLog(log);
        return (
          <li key={`${log.logIndex ?? i}`} className="rounded-md border border-border p-3 text-xs" data-testid="log" data-decoded={decoded.decoded}>
            <p className="mb-1 flex flex-wrap items-center gap-2">
              <span className="text-muted">#{log.logIndex ?? i}</span>
              <Address address={log.address} />
              {decoded.decoded ? (
                <>
                  <span className="min-w-0 break-all font-mono font-medium" data-testid="log-event">{decoded.event.signature}</span>
                  <Badge>{decoded.event.standard}</Badge>
                </>
              ) : null}
            </p>
            {decoded.decoded ? (
              <>
                <DecodedArgs args={displayWithUnits(decoded.event, tokens?.get(decoded.event.address.toLowerCase()))} />
                <details className="mt-1">
                  <summary className="cursor-pointer text-muted">topics and data</summary>
                  <RawLog log={log} />
                </details>
              </>
            ) : (
              <ByVerifiedAbi log={log} abis={abis?.get(log.address.toLowerCase()) ?? []} reason={decoded.reason} />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A log the standard table does not know: decoded with the emitter's verified ABI, else raw with the reason. */
function ByVerifiedAbi({ log, abis, reason }: { log: Log; abis: readonly VerifiedAbi[]; reason: string }) {
  const verified = decodeLogWith(abis, log);
  if (!verified) {
    return (
      <>
        <p className="mb-1 text-muted" data-testid="log-raw-reason">{reason}</p>
        <RawLog log={log} />
      </>
    );
  }
  const { decoded, origin } = verified;
  return (
    <div data-testid="log-verified">
      <p className="mb-1">
        <ChainText text={decoded.signature} className="break-all font-mono font-medium" />{' '}
        {decoded.kind === 'malformed' ? <span className="text-bad">does not decode: {decoded.error}</span> : null}
      </p>
      <p className="mb-1 text-muted [overflow-wrap:anywhere]" data-testid="log-verified-source">{originText(origin)}</p>
      {decoded.kind === 'event' ? <DecodedArgs args={decoded.args} /> : null}
      <details className="mt-1" open={decoded.kind === 'malformed'}>
        <summary className="cursor-pointer text-muted">topics and data</summary>
        <RawLog log={log} />
      </details>
    </div>
  );
}
