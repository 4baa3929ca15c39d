/**
 * The broadcast route's node access: a raw transaction, already decoded and checked by
 * lib/wallet/decode-raw.ts, sent to the zone that owns its sender. The answer says which way
 * it went, with the status the route gives it; the route keeps the body's validation.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { Hex } from 'viem';
import { getClients } from '@/lib/server/node/clients';
import { describeFailure, isNodeDown } from '@/lib/server/node/node-errors';

const ZERO_HASH = `0x${'0'.repeat(64)}`;

export interface RawToSend {
  readonly raw: Hex;
  readonly zone: ChainName;
  readonly zoneLabel: string;
}

export type SendRawResult =
  | { readonly ok: true; readonly hash: Hash }
  /** 422: not a zone this explorer serves, or the node refused it; 503: the node is down; 502: the zero hash. */
  | { readonly ok: false; readonly status: 422 | 502 | 503; readonly error: string };

export async function sendRaw({ raw, zone, zoneLabel }: RawToSend): Promise<SendRawResult> {
  const client = getClients().get(zone);
  if (!client) return { ok: false, status: 422, error: `${zoneLabel} is not served by this explorer.` };
  try {
    const hash = await client.sendRawTransaction({ serializedTransaction: raw });
    if (hash === ZERO_HASH) {
      return { ok: false, status: 502, error: `${zoneLabel} accepted the request but returned the zero hash: the transaction is not available yet.` };
    }
    return { ok: true, hash };
  } catch (error) {
    return { ok: false, status: isNodeDown(error) ? 503 : 422, error: `${zoneLabel} refused it: ${describeFailure(error)}` };
  }
}
