/** Where the engine reads a zone's blocks from: the chain and its node's client. */
import type { ChainName } from '@/lib/chains';
import type { ChainClient } from '@/lib/rpc/client';

export interface BlockSource {
  readonly chain: ChainName;
  readonly client: ChainClient;
  /** Set once the node answered that it has no receipt method. */
  receiptsUnserved?: boolean;
}
