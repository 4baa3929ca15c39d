/**
 * The network page's database viewer: one `debug_chaindbProperty` read on the chain the form
 * names. A debug method a node may not serve: "method not found" is its own kind, any other
 * failure a message, so the viewer explains instead of failing the page.
 */
import { getChain, isChainName, type Chain } from '@/lib/protocol/chains';
import { getClients } from '@/lib/server/node/clients';
import { describeFailure, isUnserved } from '@/lib/server/node/node-errors';

export type ChaindbResult =
  | { readonly kind: 'ok'; readonly chain: Chain; readonly property: string; readonly text: string }
  | { readonly kind: 'unserved'; readonly chain: Chain }
  | { readonly kind: 'error'; readonly chain: Chain; readonly property: string; readonly message: string };

/** undefined when nothing was asked: no chain, a name that is not a chain, or a chain this explorer does not read. */
export async function loadChaindb(chainName: string | undefined, property: string): Promise<ChaindbResult | undefined> {
  if (!chainName || !isChainName(chainName)) return undefined;
  const chain = getChain(chainName);
  const client = getClients().get(chain.name);
  if (!client) return undefined;
  try {
    return { kind: 'ok', chain, property, text: await client.getChaindbProperty({ property }) };
  } catch (error) {
    if (isUnserved(error)) return { kind: 'unserved', chain };
    return { kind: 'error', chain, property, message: describeFailure(error) };
  }
}
