/**
 * Reads a zone's txpool for the page and its API route: status, content and inspect in one batch
 * (the client coalesces concurrent calls into one HTTP request), then the account nonce of each
 * sender with queued transactions, so the gap before its first pooled nonce can be drawn.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address } from '@/lib/rpc/domain';
import { describeFailure, isUnserved } from '@/lib/server/node/node-errors';
import { getClients } from '@/lib/server/node/clients';
import { buildGroups, sendersToCheck, statusView, type Section, type TxpoolView } from '@/lib/network/txpool-view';

export function settledSection<T>(result: PromiseSettledResult<T>, method: string): Section<T> {
  if (result.status === 'fulfilled') return { kind: 'ok', value: result.value };
  if (isUnserved(result.reason)) return { kind: 'unserved', method };
  return { kind: 'error', message: describeFailure(result.reason) };
}

export async function loadTxpool(zone: ChainName): Promise<TxpoolView> {
  const client = getClients().get(zone);
  if (!client) throw new Error(`${zone} is not configured`);
  const [status, content, inspect] = await Promise.allSettled([
    client.getTxPoolStatus(),
    client.getTxPoolContent(),
    client.getTxPoolInspect(),
  ]);
  const contentValue = content.status === 'fulfilled' ? content.value : undefined;
  const inspectValue = inspect.status === 'fulfilled' ? inspect.value : undefined;

  // Nonces on chain for senders with queued transactions (one batch; a failure only loses the leading gap).
  const senders = sendersToCheck(contentValue, inspectValue).slice(0, 100);
  const nonces = await Promise.allSettled(senders.map((address: Address) => client.getTransactionCount({ address, blockTag: 'latest' })));
  const accountNonces = new Map<string, bigint>();
  senders.forEach((s, i) => {
    const n = nonces[i];
    if (n?.status === 'fulfilled') accountNonces.set(s.toLowerCase(), n.value);
  });

  const groups = buildGroups(contentValue, inspectValue, accountNonces);
  const contentSection = settledSection(content, 'txpool_content');
  const inspectSection = settledSection(inspect, 'txpool_inspect');
  const statusSection = settledSection(status, 'txpool_status');
  return {
    zone,
    fetchedAt: Date.now(),
    status: statusSection.kind === 'ok' ? { kind: 'ok', value: statusView(statusSection.value) } : statusSection,
    groups: groups
      ? { kind: 'ok', value: groups }
      : contentSection.kind === 'ok'
        ? { kind: 'ok', value: [] }
        : contentSection,
    inspect: inspectSection.kind === 'ok' ? { kind: 'ok', value: null } : inspectSection,
  };
}
