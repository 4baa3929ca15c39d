/**
 * This network's chain id, which an Etherscan client's `chainid` must name: STRATA_CHAIN_ID when
 * set, else what the first configured chain's node answers (all 13 chains share one), kept for
 * the process once read. null when neither is known (the parameter is then accepted unchecked).
 */
import { getConfig } from '@/lib/ops/config';
import { getClients } from '@/lib/server/node/clients';

let known: bigint | null = null;

export async function networkChainId(): Promise<bigint | null> {
  const configured = getConfig().expectedChainId;
  if (configured !== undefined) return configured;
  if (known !== null) return known;
  const [client] = getClients().values();
  try {
    known = client ? await client.getChainId() : null;
  } catch {
    return null;
  }
  return known;
}
