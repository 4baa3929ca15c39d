/** Where the engine reads a zone's blocks from: the chain and its node's clients. */
import type { ChainName } from '@/lib/protocol/chains';
import type { ChainClient } from '@/lib/rpc/client';

export interface BlockSource {
  readonly chain: ChainName;
  readonly client: ChainClient;
  /**
   * The trace pass's own client to the same node (default: `client`): its calls are slow and
   * batched apart, so none of them ever shares an HTTP request with the block pass's reads.
   */
  readonly traceClient?: ChainClient;
  /** The balance pass's own client to the same node (default: `client`): its batches of balances never delay a block read. */
  readonly balanceClient?: ChainClient;
  /**
   * How long the node may trace one request of the trace pass (sent as geth's TraceConfig.timeout,
   * so the node stops a trace itself rather than run on after the client gave up); none when absent.
   */
  readonly traceBudgetMs?: number;
  /** Set once the node answered that it has no receipt method. */
  receiptsUnserved?: boolean;
}
