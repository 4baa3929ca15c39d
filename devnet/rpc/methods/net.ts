/** `net_*`: the node's network face, outside the chain's namespace. */
import type { Handlers, MethodContext } from './context';

export function netMethods({ options }: MethodContext): Handlers {
  return {
    net_listening: (p) => p.atMost(0) && true,
    // One process, no devp2p: the devnet has no peers.
    net_peerCount: (p) => p.atMost(0) && '0x0',
    net_version: (p) => p.atMost(0) && options.chainId.toString(10),
  };
}
