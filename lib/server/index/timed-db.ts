/**
 * The index as the pages and the API read it, each query's time counted for the request that
 * made it (lib/ops/request-work.ts: strata_request_db_seconds). The writer is handed the plain
 * database: its queries belong to no request.
 */
import type { Db, Queryable } from '@/lib/index/drivers/db';
import { currentWork } from '@/lib/ops/request-context';

function timed<Q extends Queryable>(target: Q): Queryable {
  return {
    async query(sql, params) {
      const work = currentWork();
      if (!work) return target.query(sql, params);
      const start = performance.now();
      try {
        return await target.query(sql, params);
      } finally {
        work.dbQuery(start, performance.now());
      }
    },
  };
}

export function timedDb(db: Db): Db {
  const { query } = timed(db);
  return {
    kind: db.kind,
    query,
    transaction: (fn) => db.transaction((tx) => fn(timed(tx))),
    tryBecomeWriter: () => db.tryBecomeWriter(),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
}
