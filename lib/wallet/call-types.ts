/** The JSON of POST /api/address/<address>/call (bigints as decimal strings). */
import type { Hex } from 'viem';

export interface CallResponse {
  readonly block: string;
  readonly result?: Hex;
  readonly callError?: string;
  readonly gas?: string;
  readonly gasError?: string;
}
