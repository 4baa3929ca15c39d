/**
 * What an Etherscan `/api` action is: its name (module, action), the parameters it reads (each
 * with a kind the dispatcher checks before the handler runs, so a bad value is a 400 NOTOK that
 * names it), where its zone comes from, its rate class, its cache policy and its handler. One
 * file per action under ./actions/ declares all of it; ./registry.ts lists the files.
 *
 * The handler reaches the node, the index and the server's loaders only through the
 * EtherscanContext it is handed (lib/server/etherscan/context.ts builds the process's; tests build
 * one over a devnet), so an action file imports no server code: the rate limit (in proxy.ts) and
 * the page cache read the registry's metadata without loading a database driver.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { CachePolicy } from '@/lib/routes/cache-policy';
import type { ChainClient } from '@/lib/rpc/client';
import type { Db } from '@/lib/index/drivers/db';
import type { TxlistQuery } from '@/lib/history/etherscan';
import type { TxlistInternalQuery } from '@/lib/history/etherscan-internal';
import type { EtherscanAnswer } from './envelope';

/** The kinds of parameter value the dispatcher checks (./params.ts says what each accepts). */
export type ParamKind =
  | 'address'
  | 'addresses'
  | 'hash'
  | 'tag'
  | 'hex'
  | 'quantity'
  | 'number'
  | 'decimal'
  | 'boolean'
  | 'timestamp'
  | 'text'
  | { readonly oneOf: readonly string[] };

export interface ParamSpec {
  readonly name: string;
  readonly kind: ParamKind;
  readonly required?: boolean;
  /** What it means, for the OpenAPI document and /api-docs. */
  readonly description: string;
}

/**
 * Where the zone an action runs on comes from:
 * - `none`: no node of a zone is asked (the index, the verification tables), or the handler finds it;
 * - `zone`: the caller names it (`/chain/<zone>/api` or `&chain=<zone>`), else 400 saying how;
 * - `address`: the first of these parameters that is present names it (its first byte); the
 *   caller's zone, when named, must agree; with none present the caller must name one.
 */
export type ZoneSource =
  | { readonly from: 'none' }
  | { readonly from: 'zone' }
  | { readonly from: 'address'; readonly params: readonly string[] };

/** `node-work`: each call makes the node execute for the caller, counted against its budget (lib/http/rate-limit.ts). */
export type ActionRateClass = 'none' | 'node-work';

/** The answer's shape: Etherscan's `{ status, message, result }` or, for module=proxy, JSON-RPC's `{ jsonrpc, id, result }`. */
export type EnvelopeKind = 'etherscan' | 'jsonrpc';

export interface EtherscanRequest {
  /** The query and, for a POST, its form body (the body wins on a repeated name). */
  readonly params: URLSearchParams;
  readonly method: 'GET' | 'POST';
  /** The zone the action runs on, when it has one (ZoneSource). */
  readonly zone: ChainName | undefined;
  /** Who asks: the rate limit's client key (lib/http/rate-limit.ts, CLIENT_HEADER), 'unknown' without one. */
  readonly client: string;
}

/** The index as the handlers read it: ready with its database, or why not. */
export type IndexAccess =
  | {
      readonly ready: true;
      readonly db: Db;
      /** `read` shared by every caller of `key` until the index's next commit (lib/server/index/index-version.ts). */
      readonly perVersion: <T>(key: string, read: () => Promise<T>) => Promise<T>;
    }
  | { readonly ready: false; readonly reason: string };

export interface EtherscanContext {
  /** The typed client of a zone this explorer serves; undefined for one it does not. */
  client(zone: ChainName): ChainClient | undefined;
  /**
   * The client for code the caller chooses (eth_call, eth_estimateGas, tokenbalance's balanceOf):
   * within the gas cap, each request alone, in the zone's lane of node work (lib/rpc/work-lane.ts).
   */
  work(zone: ChainName): ChainClient | undefined;
  index(): Promise<IndexAccess>;
  /** txlist, tokentx and its standards' variants from the index (lib/server/history/load-txlist.ts). */
  txlist(query: TxlistQuery): Promise<EtherscanAnswer>;
  txlistInternal(query: TxlistInternalQuery): Promise<EtherscanAnswer>;
  /** module=contract from the verification tables (lib/server/contracts/contract-api.ts); `params` as merged, `client` for the queue's per-client bound. */
  contract(params: URLSearchParams, method: 'GET' | 'POST', client: string): Promise<EtherscanAnswer>;
  /** STRATA_BROADCAST: whether eth_sendRawTransaction may send. */
  readonly broadcastEnabled: boolean;
  /** For checking a raw transaction before it is sent (lib/wallet/decode-raw.ts). */
  readonly expectedChainId: bigint | undefined;
  readonly configuredZones: readonly ChainName[];
}

export interface EtherscanActionMeta {
  readonly module: string;
  readonly action: string;
  /** One line: what it answers. */
  readonly summary: string;
  readonly params: readonly ParamSpec[];
  /** GET, and POST with the parameters in a form body where clients send it so. */
  readonly methods: readonly ('GET' | 'POST')[];
  readonly zone: ZoneSource;
  readonly rateLimit: ActionRateClass;
  readonly cache: CachePolicy;
  readonly envelope: EnvelopeKind;
  /** The query of a working example (without module and action), for /api-docs and the OpenAPI document. */
  readonly example: Readonly<Record<string, string>>;
}

export interface EtherscanAction extends EtherscanActionMeta {
  /** The answer; a bad parameter the kinds could not see is answered by the handler itself (400 NOTOK). */
  readonly handle: (request: EtherscanRequest, ctx: EtherscanContext) => Promise<EtherscanAnswer>;
}

export function defineAction(action: EtherscanAction): EtherscanAction {
  return action;
}
