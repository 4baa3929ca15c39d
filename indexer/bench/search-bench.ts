/**
 * bench:index's search figures (section 3, beside the history pages): what `GET /api/v1/search`
 * reads from the index — tokens by name or symbol, verified contracts by name, ranked as the API
 * ranks them (lib/server/search/name-suggestions.ts), and a hash — over the synthetic index with
 * many names beside its million transactions, p50 and p99 per query.
 */
import type { Db } from '@/lib/index/drivers/db';
import { byHash } from '@/lib/index/readers/search-reader';
import { indexedNames } from '@/lib/server/search/name-suggestions';
import type { Hash } from '@/lib/rpc/domain';

const WORDS = ['dev', 'token', 'stable', 'wrapped', 'quai', 'gold', 'moon', 'swap', 'pool', 'dollar', 'coin', 'meta', 'zen', 'hydra', 'cyprus', 'paxos'];

/**
 * `tokens` tokens named from WORDS ("Wrapped Moon 4711", symbol "WM4711") and `contracts` verified
 * contracts ("contracts/Pool.sol:SwapPool4711"), in cyprus1.
 */
export async function fillSearchNames(db: Db, tokens: number, contracts: number): Promise<void> {
  const n = WORDS.length;
  const words = `(ARRAY[${WORDS.map((w) => `'${w}'`).join(', ')}])`;
  const name = (i: string) => `initcap(${words}[1 + ${i} % ${n}]) || ' ' || initcap(${words}[1 + (${i} / ${n}) % ${n}])`;
  for (let from = 1; from <= tokens; from += 50_000) {
    const to = Math.min(tokens, from + 49_999);
    await db.query(`INSERT INTO tokens SELECT 'cyprus1', decode(lpad(to_hex(i), 40, '0'), 'hex'), 20,
      ${name('i')} || ' ' || i, upper(left(${words}[1 + i % ${n}], 1) || left(${words}[1 + (i / ${n}) % ${n}], 1)) || i, 18, true, i
      FROM generate_series(${from}, ${to}) i`);
  }
  await db.query(`INSERT INTO verified_contracts (address, chain, match_kind, compiler_version, contract_name, input, abi, constructor_args, job_guid)
    SELECT decode(lpad(to_hex(1000000000 + i), 40, '0'), 'hex'), 'cyprus1', 'full', 'v0.8.26',
      'contracts/C.sol:' || replace(${name('i')}, ' ', '') || i, '{}', '[]', '', 'bench'
    FROM generate_series(1, ${contracts}) i`);
  await db.query('ANALYZE tokens');
  await db.query('ANALYZE verified_contracts');
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** p50 and p99 of each query the suggestions make of the index, `repeat` times after 20 warm-up reads. */
export async function timeSearch(db: Db, label: string, txHash: Hash, repeat = 200): Promise<void> {
  const queries: Array<[string, () => Promise<unknown>]> = [
    ['"de" (2 characters: prefixes only)', () => indexedNames(db, 'de', 5)],
    ['"wrapped" (a name\'s first word, thousands match)', () => indexedNames(db, 'wrapped', 5)],
    ['"moon 47" (inside names)', () => indexedNames(db, 'moon 47', 5)],
    ['"goldcoin" (spaces left out)', () => indexedNames(db, 'goldcoin', 5)],
    ['"wm4711" (a symbol)', () => indexedNames(db, 'wm4711', 5)],
    ['"zzzq" (nothing matches)', () => indexedNames(db, 'zzzq', 5)],
    ['a transaction hash', () => byHash(db, txHash)],
  ];
  for (const [name, read] of queries) {
    const times: number[] = [];
    for (let k = 0; k < repeat + 20; k++) {
      const t = performance.now();
      await read();
      times.push(performance.now() - t);
    }
    const warm = times.slice(20).sort((a, b) => a - b);
    console.log(`   ${label} search ${name}: p50 ${percentile(warm, 50).toFixed(1)} ms, p99 ${percentile(warm, 99).toFixed(1)} ms`);
  }
}
