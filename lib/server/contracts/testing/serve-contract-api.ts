/**
 * The explorer's `/api` over a test's verification context, behind a plain HTTP server on a free
 * port: the Etherscan registry's dispatch (lib/etherscan/testing/serve-etherscan.ts), as
 * app/api/route.ts answers it, with no zone clients and no index beside the verification tables.
 * The client header passes through as the client sent it: a test names its clients with it, as
 * lib/server/request-path/client-address.ts does in the server.
 */
import { serveEtherscan } from '@/lib/etherscan/testing/serve-etherscan';
import { etherscanContextOf } from '@/lib/server/etherscan/context';
import type { VerifyContext } from '../verify-context';

export interface ServedContractApi {
  /** The `/api` URL. */
  readonly url: string;
  readonly server: { close(): void };
}

export async function serveContractApi(context: VerifyContext, chainId: bigint): Promise<ServedContractApi> {
  const served = await serveEtherscan(
    etherscanContextOf({
      clients: new Map(),
      index: async () => ({ ready: false, reason: 'no index in this test server' }),
      verify: async () => context,
      chainId: async () => chainId,
      broadcastEnabled: false,
      expectedChainId: undefined,
    }),
  );
  return { url: `${served.origin}/api`, server: { close: () => void served.close() } };
}
