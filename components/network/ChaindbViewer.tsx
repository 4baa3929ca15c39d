import { Unserved } from '@/components/ui/status/Unserved';
import type { Chain } from '@/lib/protocol/chains';
import type { ChaindbResult } from '@/lib/server/network/load-chaindb';

/** Property names go-quai's leveldb answers (geth's set); the node may support others or fewer. */
export const COMMON_DB_PROPERTIES = ['leveldb.stats', 'leveldb.iostats', 'leveldb.writedelay', 'leveldb.sstables', 'leveldb.blockcount'] as const;

/**
 * The `debug_chaindbProperty` viewer: a GET form (chain + property name) and the node's answer
 * shown as it came, preformatted.
 */
export function ChaindbViewer({ chains, chain, property, result }: { chains: readonly Chain[]; chain?: string; property: string; result?: ChaindbResult }) {
  return (
    <section className="card" aria-labelledby="chaindb-title">
      <h2 id="chaindb-title" className="border-b border-border px-4 py-2 text-sm font-semibold">
        Database properties <span className="font-normal text-muted">(debug_chaindbProperty)</span>
      </h2>
      <form method="get" action="/network#chaindb-title" className="flex flex-wrap items-end gap-3 p-4">
        <label className="flex flex-col gap-1 text-xs text-muted">
          Chain
          <select name="db" defaultValue={chain ?? chains[0]?.name} className="rounded-md border border-border bg-bg px-2 py-1.5 text-sm text-fg" data-testid="chaindb-chain">
            {chains.map((c) => (
              <option key={c.name} value={c.name}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-muted">
          Property
          <input
            name="property"
            defaultValue={property}
            list="chaindb-properties"
            className="rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg"
            data-testid="chaindb-property"
          />
          <datalist id="chaindb-properties">
            {COMMON_DB_PROPERTIES.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </label>
        <button type="submit" className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2" data-testid="chaindb-submit">
          Read
        </button>
      </form>
      {result ? (
        <div className="border-t border-border p-4" data-testid="chaindb-result">
          {result.kind === 'unserved' ? (
            <Unserved feature={`${result.chain.label}'s database properties`} method="debug_chaindbProperty" />
          ) : result.kind === 'error' ? (
            <p className="text-sm text-bad">
              {result.chain.label} answered an error for “{result.property}”: {result.message}
            </p>
          ) : (
            <>
              <p className="mb-2 text-xs text-muted">
                {result.chain.label} · {result.property}
              </p>
              <pre className="max-h-96 overflow-auto rounded-md bg-bg p-3 font-mono text-xs" data-testid="chaindb-text">
                {result.text}
              </pre>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
