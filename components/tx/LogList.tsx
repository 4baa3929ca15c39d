import { Address } from '@/components/ui/Address';
import type { Log } from '@/lib/rpc/domain';

/** A receipt's logs: emitting address, topics and data (hex only; decoding needs the ABI). */
export function LogList({ logs }: { logs: readonly Log[] }) {
  if (logs.length === 0) return <p className="text-sm text-muted">No logs.</p>;
  return (
    <ol className="space-y-3" data-testid="log-list">
      {logs.map((log, i) => (
        <li key={`${log.logIndex ?? i}`} className="rounded-md border border-border p-3 text-xs">
          <p className="mb-1 flex flex-wrap items-center gap-2">
            <span className="text-muted">#{log.logIndex ?? i}</span>
            <Address address={log.address} copy zone />
          </p>
          <ul className="space-y-0.5 font-mono">
            {log.topics.map((topic, t) => (
              <li key={t} className="break-all">
                <span className="text-muted">topic{t} </span>
                {topic}
              </li>
            ))}
            <li className="break-all">
              <span className="text-muted">data </span>
              {log.data === '0x' ? <span className="text-muted">(empty)</span> : log.data}
            </li>
          </ul>
        </li>
      ))}
    </ol>
  );
}
