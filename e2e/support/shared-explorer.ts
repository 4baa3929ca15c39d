/**
 * Explorers of another configuration, shared by every spec that runs on one Playwright worker.
 *
 * A spec that needs the explorer with other settings (the index off, broadcasting off, a tamper
 * proxy in front of a chain it only reads through) asks the `sharedExplorer` fixture of
 * e2e/fixtures.ts for it, instead of starting one of its own:
 *
 *   test('…', async ({ page, sharedExplorer }) => {
 *     const explorer = await sharedExplorer({ STRATA_INDEX: 'off' });
 *     await page.goto(`${explorer.url}/network`);
 *
 * The first spec on the worker to ask for a configuration starts it (server.ts's bundle on the
 * build, ./explorer.ts, on a free port, against the run's devnet unless `env` says otherwise); every
 * later one gets the same process; the worker stops them all when it ends. A shared explorer is
 * only read: a spec that stops it, kills it, restarts its node or needs its logs from a clean
 * start keeps starting its own with startExplorer().
 */
import { DEVNET_OFFSET, rpcEnvFor } from './env';
import { startExplorer, type ExplorerInstance } from './explorer';
import { freePort } from './ports';

/** What a spec may do with a shared explorer: read it. */
export type SharedExplorer = Pick<ExplorerInstance, 'url' | 'output'>;

export type SharedExplorers = (env: Record<string, string>) => Promise<SharedExplorer>;

/** One explorer per distinct `env` (its keys in any order), started on first use. */
export function sharedExplorerPool(): { get: SharedExplorers; stopAll(): Promise<void> } {
  const started = new Map<string, Promise<ExplorerInstance>>();
  const keyOf = (env: Record<string, string>) => JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
  return {
    get: (env) => {
      const key = keyOf(env);
      let explorer = started.get(key);
      if (!explorer) {
        explorer = freePort().then((port) => startExplorer(port, { ...rpcEnvFor(DEVNET_OFFSET), ...env }));
        // A failed start is not kept: the next spec that asks tries again (and reports its own error).
        explorer.catch(() => started.delete(key));
        started.set(key, explorer);
      }
      return explorer.then(({ url, output }) => ({ url, output }));
    },
    stopAll: async () => {
      const all = [...started.values()];
      started.clear();
      await Promise.all(all.map((explorer) => explorer.then((e) => e.stop(), () => undefined)));
    },
  };
}

/**
 * The explorer with its optional features off (no history index, no broadcasting): each spec that
 * shows what a reader sees without one of them reads this one. A key added here must leave what
 * the other specs assert about this explorer true.
 */
export const FEATURES_OFF: Record<string, string> = { STRATA_INDEX: 'off', STRATA_BROADCAST: 'off' };
