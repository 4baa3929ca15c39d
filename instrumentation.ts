/**
 * Next runs register() once when the server starts. In the Node.js runtime it opens the history
 * index and, by default, starts its writer in this process (PGlite serves a single process, so
 * the process that reads the index must be the one that writes it; docs/indexer.md).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startIndexService } = await import('./lib/server/history/index-service');
  void startIndexService();
}
