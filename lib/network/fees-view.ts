/**
 * A chain's fee data as the fees page, its API route (/api/fees/<chain>) and the home page's
 * sparkline see it: JSON-safe (wei as decimal strings). Read by lib/server/network/load-fees.ts;
 * type-only, so client components import it without the loader.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { FeeRow } from './fee-rows';

export type Figure = { readonly ok: true; readonly wei: string } | { readonly ok: false; readonly message: string };

export interface FeesView {
  readonly chain: ChainName;
  readonly fetchedAt: number;
  readonly requestedBlocks: number;
  readonly percentiles: readonly number[];
  readonly history:
    | {
        readonly ok: true;
        readonly rows: readonly FeeRow[];
        readonly returnedBlocks: number;
        readonly oldestBlock: string;
        readonly nextBaseFeeWei: string | null;
        readonly percentiles: readonly number[];
      }
    | { readonly ok: false; readonly message: string };
  readonly gasPrice: Figure;
  readonly maxPriorityFeePerGas: Figure;
  /** The chain's height (getBlockNumber, same batch), to tell why fewer blocks came back; null if it failed. */
  readonly tip: string | null;
}
