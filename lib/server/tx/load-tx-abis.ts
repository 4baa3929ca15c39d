/**
 * The verified ABIs a transaction page decodes with: the called contract's (for the input) and
 * each log emitter's, proxies followed through their proven implementation slot at the
 * transaction's own block (the implementation that ran). Read together; a lookup that fails only
 * leaves that address to the signature table.
 */
import { toEventSelector, type AbiEvent, type AbiFunction, type Address, type Hex } from 'viem';
import { knownFunction } from '@/lib/decode/calls';
import { decodeLog } from '@/lib/decode/events';
import { functionSelector } from '@/lib/decode/function-selector';
import { nameEvent, nameFunction } from '@/lib/decode/signature-db/name';
import type { Log } from '@/lib/rpc/domain';
import { loadSignatureBook } from '@/lib/server/signatures/load-signature-book';
import type { VerifiedAbi } from '@/lib/contracts/verified-abi';
import type { Header } from '@/lib/rpc/domain';
import { loadVerifiedAbis } from '@/lib/server/contracts/load-verified-abis';
import { verifiedContractOf } from '@/lib/server/contracts/verified-source';
import { verifiedAbisWith } from '@/lib/server/contracts/load-verified-abis';
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
  const byAddress = new Map<string, readonly VerifiedAbi[]>(found);
  const input = (tx.to && byAddress.get(tx.to.toLowerCase())) || [];
  // What no ABI here declares, the signature database may name: the input's function, the logs' events.
  const named = await databaseNames(tx.input, input, logs.slice(0, LOGS_ON_PAGE), byAddress).catch(() => null);
  if (!named) return { input, logs: byAddress };
  const withLogs = new Map(byAddress);
  for (const [key, abis] of named.logs) withLogs.set(key, [...(withLogs.get(key) ?? []), ...abis]);
  return { input: named.input ? [...input, named.input] : input, logs: withLogs };
}

const declares = (abis: readonly VerifiedAbi[], selector: string, type: 'function' | 'event'): boolean =>
  abis.some(({ abi }) => abi.some((item) => item.type === type && (type === 'function' ? functionSelector(item as AbiFunction) : toEventSelector(item as AbiEvent)) === selector));

/** The database's function for an input no ABI declares, and its events for logs no ABI or standard declares. */
async function databaseNames(
  input: Hex,
  inputAbis: readonly VerifiedAbi[],
  logs: readonly Log[],
  byAddress: ReadonlyMap<string, readonly VerifiedAbi[]>,
): Promise<{ input: VerifiedAbi | null; logs: Map<string, VerifiedAbi[]> }> {
  const selector = input.length >= 10 ? input.slice(0, 10).toLowerCase() : null;
  const wantInput = selector !== null && !declares(inputAbis, selector, 'function') && !knownFunction(selector as Hex);
  const unknownLogs = logs.filter((log) => {
    const topic0 = log.topics[0]?.toLowerCase();
    return topic0 && !decodeLog(log).decoded && !declares(byAddress.get(log.address.toLowerCase()) ?? [], topic0, 'event');
  });
  if (!wantInput && unknownLogs.length === 0) return { input: null, logs: new Map() };
  const book = await loadSignatureBook({
    function: wantInput ? [selector as Hex] : [],
    event: [...new Set(unknownLogs.map((l) => l.topics[0]!.toLowerCase() as Hex))],
  });
  let named: VerifiedAbi | null = null;
  if (wantInput) {
    const naming = nameFunction(book, selector as Hex, input);
    if (naming.kind !== 'none') named = { abi: [naming.item], origin: { kind: 'database', guessed: naming.kind === 'guessed' ? naming.alternatives : [] } };
  }
  const out = new Map<string, VerifiedAbi[]>();
  for (const log of unknownLogs) {
    const naming = nameEvent(book, log);
    if (naming.kind === 'none') continue;
    const key = log.address.toLowerCase();
    const list = out.get(key) ?? [];
    if (!list.some((v) => v.abi[0] === naming.item)) list.push({ abi: [naming.item], origin: { kind: 'database', guessed: naming.kind === 'guessed' ? naming.alternatives : [] } });
    out.set(key, list);
  }
  return { input: named, logs: out };
}
