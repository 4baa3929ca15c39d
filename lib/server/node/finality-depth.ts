/**
 * How deep a block must be before what it holds is taken as final: STRATA_FINALITY_DEPTH blocks
 * below its chain's tip (default 20). Until then a reorganisation can move a transaction to another
 * block (or back to the pool). On Quai's zones (about 5 s per block) 20 is under two minutes, far
 * deeper than the few-block reorganisations proof of work sees in practice; the devnet's uncle rate
 * makes 1–2 block reorganisations, never 20. Read by the page cache (when-final pages,
 * lib/server/page-cache/variant.ts) and the trace loader (deep traces kept, lib/server/tx/load-trace.ts).
 */
export function finalityDepth(env: Readonly<Record<string, string | undefined>> = process.env): bigint {
  const raw = env.STRATA_FINALITY_DEPTH?.trim();
  return raw && /^\d{1,6}$/.test(raw) ? BigInt(raw) : 20n;
}
