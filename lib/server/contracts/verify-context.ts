/**
 * What verification needs from the process: the index's database (jobs and verified rows live
 * there), each zone's node (code, creation transaction), the compilers, and this process's name
 * for job leases. Built from the process's index service and clients; tests build one over a
 * devnet and a test database, so the same code runs in both.
 */
import { hostname } from 'node:os';
import type { Address, Hex } from 'viem';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import type { Db } from '@/lib/index/drivers/db';
import { clientOf } from '@/lib/server/node/clients';
import { indexAvailability } from '@/lib/server/index/index-service';
import { loadCompilerConfig, type CompilerConfig } from './solc/compilers';
import { loadQueueConfig, type QueueConfig } from './queue-config';
import { processWide } from '@/lib/ops/process-wide';

/** The node reads verification makes, on the zone that holds the contract. */
export interface VerifyNode {
  getCode(address: Address): Promise<Hex>;
  /** The input of a transaction, null when the node does not know it. */
  transactionInput(hash: Hex): Promise<Hex | null>;
}

export interface VerifyContext {
  readonly db: Db;
  node(chain: ChainName): VerifyNode;
  readonly compilers: CompilerConfig;
  /** The queue's bounds and retention; the environment's (queue-config.ts) when not given. */
  readonly queue?: QueueConfig;
  /** This process, as it claims jobs (host:pid). */
  readonly worker: string;
}

export type VerifyContextOrReason = VerifyContext | { readonly reason: string };

/** A node's reads through the typed client of a configured chain. */
export function nodeOfClient(client: {
  getCode(p: { address: Address }): Promise<Hex>;
  getTransactionByHash(p: { hash: Hex }): Promise<{ input: Hex } | null>;
}): VerifyNode {
  return {
    getCode: (address) => client.getCode({ address }),
    transactionInput: async (hash) => (await client.getTransactionByHash({ hash }))?.input ?? null,
  };
}

/**
 * What this process shares between Next's bundles (instrumentation, the API route and the pages
 * each have their own copy of these modules): its context, and the one job runner per context
 * (job-runner.ts), so "one job at a time per process" holds whichever bundle woke it.
 */
interface ProcessVerify {
  built?: { db: Db; context: VerifyContext };
  readonly runners: WeakMap<VerifyContext, unknown>;
}
export function processVerify(): ProcessVerify {
  return processWide<ProcessVerify>('verify.context', () => ({ runners: new WeakMap() }));
}

/** The process's context, or why verification cannot run here (no index: its jobs need the database). */
export async function verifyContext(): Promise<VerifyContextOrReason> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { reason: `verification needs the index's database: ${index.reason}` };
  const shared = processVerify();
  if (shared.built?.db !== index.db) {
    let compilers: CompilerConfig;
    let queue: QueueConfig;
    try {
      compilers = loadCompilerConfig();
      queue = loadQueueConfig();
    } catch (error) {
      return { reason: (error as Error).message };
    }
    shared.built = {
      db: index.db,
      context: { db: index.db, node: (chain) => nodeOfClient(clientOf(getChain(chain))), compilers, queue, worker: `${hostname()}:${process.pid}` },
    };
  }
  return shared.built.context;
}
