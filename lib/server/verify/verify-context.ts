/**
 * What verification needs from the process: the index's database (jobs and verified rows live
 * there), each zone's node (code, creation transaction), the compilers, and this process's name
 * for job leases. Built from the process's index service and clients; tests build one over a
 * devnet and a test database, so the same code runs in both.
 */
import { hostname } from 'node:os';
import type { Address, Hex } from 'viem';
import { getChain, type ChainName } from '@/lib/chains';
import type { Db } from '@/lib/index/drivers/db';
import { clientOf } from '@/lib/server/node/clients';
import { indexAvailability } from '@/lib/server/process/index-service';
import { loadCompilerConfig, type CompilerConfig } from './compilers';

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

const KEY = Symbol.for('strata.verify.context');
type Holder = { [KEY]?: { db: Db; context: VerifyContext } };

/** The process's context, or why verification cannot run here (no index: its jobs need the database). */
export async function verifyContext(): Promise<VerifyContextOrReason> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { reason: `verification needs the index's database: ${index.reason}` };
  const holder = globalThis as Holder;
  if (holder[KEY]?.db !== index.db) {
    let compilers: CompilerConfig;
    try {
      compilers = loadCompilerConfig();
    } catch (error) {
      return { reason: (error as Error).message };
    }
    holder[KEY] = {
      db: index.db,
      context: { db: index.db, node: (chain) => nodeOfClient(clientOf(getChain(chain))), compilers, worker: `${hostname()}:${process.pid}` },
    };
  }
  return holder[KEY].context;
}
