/**
 * An explorer's verification in a process of its own, for tests that kill it with SIGKILL: the
 * contract API (./serve-contract-api.ts) over the index at STRATA_INDEX_DIR (PGlite) or
 * DATABASE_URL, the zone's node at STRATA_TEST_NODE_URL, and the job runner resumed at start as
 * instrumentation.ts resumes it. Prints `listening <url>` once it serves.
 *
 *   node --import tsx lib/server/contracts/testing/verify-api-process.ts
 */
import { openIndex } from '@/lib/index/open-index';
import { createChainClient } from '@/lib/rpc/client';
import { loadCompilerConfig } from '../solc/compilers';
import { resumeVerifyJobs } from '../job-runner';
import { nodeOfClient, type VerifyContext } from '../verify-context';
import { serveContractApi } from './serve-contract-api';

async function main(): Promise<void> {
  const env = process.env;
  const db = await openIndex({ databaseUrl: env.DATABASE_URL, dataDir: env.STRATA_INDEX_DIR ?? '' });
  const client = createChainClient({ chain: 'cyprus1', url: env.STRATA_TEST_NODE_URL ?? '', timeoutMs: 10_000 });
  const context: VerifyContext = {
    db,
    node: () => nodeOfClient(client),
    worker: `verify-api-process:${process.pid}`,
    compilers: loadCompilerConfig({ STRATA_SOLC_DOWNLOAD: 'off', STRATA_VERIFY_TIMEOUT_MS: '120000' }),
  };
  const { url } = await serveContractApi(context, BigInt(env.STRATA_TEST_CHAIN_ID ?? '1337'));
  await resumeVerifyJobs(async () => context);
  console.log(`listening ${url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
