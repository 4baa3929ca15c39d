/**
 * The verified ABIs a transaction page decodes with: the called contract's (for the input) and
 * each log emitter's, proxies followed through their proven implementation slot at the
 * transaction's own block (the implementation that ran). Read together; a lookup that fails only
 * leaves that address to the signature table.
 */
import type { Address } from 'viem';
import type { VerifiedAbi } from '@/lib/contract/verified-abi';
import type { Header } from '@/lib/rpc/domain';
import { loadVerifiedAbis } from '@/lib/server/contract/load-verified-abis';
import { verifiedContractOf } from '@/lib/server/contract/verified-source';
import { verifiedAbisWith } from '@/lib/server/contract/load-verified-abis';
import type { TxPageData } from './load-tx';
import { LOGS_ON_PAGE } from '@/lib/decode/log-page';

export interface TxAbis {
  /** For the input: the `to` contract's verified ABIs (empty without input or `to`). */
  readonly input: readonly VerifiedAbi[];
  /** By lower-case emitter address. */
  readonly logs: ReadonlyMap<string, readonly VerifiedAbi[]>;
}

/** What the proxy proof needs of the including block. */
type IncludingBlock = Pick<Header, 'number' | 'stateRoot'>;

/** A receipt with many emitters is read for the first few; the rest stay with the standard table. */
const MAX_ADDRESSES = 12;

async function abisOf(address: Address, block: IncludingBlock | null): Promise<readonly VerifiedAbi[]> {
  // Pending: no block to prove a proxy's slot against, so only the address's own source.
  if (!block) return verifiedAbisWith(address, await verifiedContractOf(address), null, 0n);
  return loadVerifiedAbis(address, { number: block.number[2], stateRoot: block.stateRoot });
}

export async function loadTxAbis(data: TxPageData, block: IncludingBlock | null): Promise<TxAbis> {
  const { tx, receipt } = data;
  const logs = receipt.served && receipt.value ? receipt.value.logs : [];
  const wanted = new Map<string, Address>();
  if (tx.to && tx.input !== '0x') wanted.set(tx.to.toLowerCase(), tx.to);
  for (const log of logs.slice(0, LOGS_ON_PAGE)) wanted.set(log.address.toLowerCase(), log.address);
  const addresses = [...wanted.entries()].slice(0, MAX_ADDRESSES);
  const found = await Promise.all(addresses.map(async ([key, address]) => [key, await abisOf(address, block).catch(() => [])] as const));
  const byAddress = new Map(found);
  return { input: (tx.to && byAddress.get(tx.to.toLowerCase())) || [], logs: byAddress };
}
