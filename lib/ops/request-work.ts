/**
 * Where a request's time went: how long it waited on the node (JSON-RPC) and on the history
 * index's database, as wall-clock time covered by at least one call (overlapping calls, a batch
 * or parallel reads, count once), and how many calls of each it made. Recorded by the request
 * observer (lib/server/request-path/observe.ts) as strata_request_node_seconds and
 * strata_request_db_seconds by route, and on the request's log line; docs/performance.md reads
 * them to split a page's time into node, database and the rest (rendering, this process's CPU).
 *
 * A call is counted for the request whose work started it (AsyncLocalStorage): a coalesced
 * read that another request started costs the waiting request nothing here, which is what
 * coalescing is for. The index writer's queries run outside any request and are not counted.
 */
/** Milliseconds on performance.now()'s clock: [start, end]. */
type Span = readonly [number, number];

export class RequestWork {
  private readonly node: Span[] = [];
  private readonly db: Span[] = [];
  nodeCalls = 0;
  dbQueries = 0;

  /** A node call that just ended after `durationMs`. */
  nodeCall(durationMs: number): void {
    const end = performance.now();
    this.node.push([end - durationMs, end]);
    this.nodeCalls++;
  }

  dbQuery(start: number, end: number): void {
    this.db.push([start, end]);
    this.dbQueries++;
  }

  get nodeMs(): number {
    return covered(this.node);
  }

  get dbMs(): number {
    return covered(this.db);
  }
}

/** Total length of the union of `spans`. */
export function covered(spans: readonly Span[]): number {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let start = -Infinity;
  let end = -Infinity;
  for (const [s, e] of sorted) {
    if (s > end) {
      total += end - start > 0 && Number.isFinite(start) ? end - start : 0;
      start = s;
      end = e;
    } else if (e > end) {
      end = e;
    }
  }
  if (Number.isFinite(start)) total += end - start;
  return total;
}
