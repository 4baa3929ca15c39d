/**
 * The Etherscan-compatible account API (`GET /api?module=account&action=txlist…`), as wallets
 * and scripts speak it (Blockscout serves the same): parameters, and the `{ status, message,
 * result }` envelope with every number as a decimal string. Limits (README): only
 * module=account&action=txlist and action=tokentx; page × offset ≤ 10,000; offset ≤ 1,000; `input` holds the
 * 4-byte method selector only (the index does not keep call data); cumulativeGasUsed is empty.
 */
import { isAddress, type Address } from 'viem';
import type { HistoryItem } from '@/lib/index/readers/history-reader';
import type { TokenTransferItem } from '@/lib/index/readers/tokens/token-transfer-reader';

export interface TxlistQuery {
  /** txlist: the address's transactions; tokentx: its token transfers; tokennfttx / token1155tx: its ERC-721 / ERC-1155 transfers alone. */
  readonly action: 'txlist' | 'tokentx' | 'tokennfttx' | 'token1155tx';
  readonly address: Address;
  /** tokentx only: transfers of this token contract alone. */
  readonly contract?: Address;
  readonly page: number;
  readonly offset: number;
  readonly ascending: boolean;
  readonly startBlock?: bigint;
  readonly endBlock?: bigint;
}

export type Envelope = { readonly status: '0' | '1'; readonly message: string; readonly result: unknown };

export const MAX_WINDOW = 10_000;

export function notOk(message: string): Envelope {
  return { status: '0', message: 'NOTOK', result: `Error! ${message}` };
}

function block(raw: string | null, name: string): bigint | undefined | string {
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,18}$/.test(raw)) return `${name} must be a block number`;
  return BigInt(raw);
}

/**
 * A whole number written in decimal digits, `fallback` when absent, undefined when malformed.
 * Not Number(): it reads "0x10" as 16, "1e2" as 100 and " 7 " as 7, so a page the caller
 * meant differently would be served instead of refused.
 */
function decimal(raw: string | null, fallback: number): number | undefined {
  if (raw === null || raw === '') return fallback;
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** The query, or an error message for a NOTOK answer. */
export function parseTxlist(search: URLSearchParams): TxlistQuery | string {
  const module = search.get('module');
  const action = search.get('action');
  if (module !== 'account') return `module "${module ?? ''}" is not supported (only module=account)`;
  if (action !== 'txlist' && action !== 'tokentx' && action !== 'tokennfttx' && action !== 'token1155tx') {
    return `action "${action ?? ''}" is not supported (only action=txlist, tokentx, tokennfttx, token1155tx and txlistinternal)`;
  }
  const address = search.get('address')?.trim() ?? '';
  if (!isAddress(address, { strict: false })) return 'Invalid address format';
  const page = decimal(search.get('page'), 1);
  const offset = decimal(search.get('offset'), 100);
  if (page === undefined || page < 1) return 'page must be a positive integer';
  if (offset === undefined || offset < 1 || offset > 1000) return 'offset must be an integer from 1 to 1000';
  if (page * offset > MAX_WINDOW) return `Result window is too large, PageNo x Offset size must be less than or equal to ${MAX_WINDOW}`;
  const sort = search.get('sort') || 'asc';
  if (sort !== 'asc' && sort !== 'desc') return 'sort must be asc or desc';
  const startBlock = block(search.get('startblock'), 'startblock');
  const endBlock = block(search.get('endblock'), 'endblock');
  if (typeof startBlock === 'string') return startBlock;
  if (typeof endBlock === 'string') return endBlock;
  const contract = search.get('contractaddress')?.trim() || undefined;
  if (contract !== undefined && (action === 'txlist' || !isAddress(contract, { strict: false }))) {
    return action !== 'txlist' ? 'Invalid contractaddress format' : 'contractaddress is only for the token actions';
  }
  return {
    action, address: address.toLowerCase() as Address, ...(contract ? { contract: contract.toLowerCase() as Address } : {}), page, offset,
    ascending: sort === 'asc', startBlock, endBlock,
  };
}

export function etherscanTx(item: HistoryItem, tip: bigint | null): Record<string, string> {
  return {
    blockNumber: item.blockNumber.toString(),
    timeStamp: item.timestamp.toString(),
    hash: item.hash,
    nonce: item.nonce.toString(),
    blockHash: item.blockHash,
    transactionIndex: item.index.toString(),
    from: item.from,
    to: item.to ?? '',
    value: item.value.toString(),
    gas: item.gas.toString(),
    gasPrice: item.gasPrice?.toString() ?? '',
    isError: item.status === 'reverted' ? '1' : '0',
    txreceipt_status: item.status === null ? '' : item.status === 'success' ? '1' : '0',
    input: item.method ?? '0x',
    contractAddress: item.contractAddress ?? '',
    cumulativeGasUsed: '',
    gasUsed: item.gasUsed?.toString() ?? '',
    confirmations: tip !== null && tip >= item.blockNumber ? (tip - item.blockNumber + 1n).toString() : '',
    methodId: item.method ?? '0x',
    chain: item.chain,
  };
}

/** Etherscan's tokentx fields (as strings), from the index's transfer and the token's own answers. */
export function etherscanTokenTx(
  item: TokenTransferItem,
  token: { name: string | null; symbol: string | null; decimals: number | null },
  tip: bigint | null,
): Record<string, string> {
  return {
    blockNumber: item.blockNumber.toString(),
    timeStamp: item.timestamp.toString(),
    hash: item.txHash,
    blockHash: item.blockHash,
    transactionIndex: item.index.toString(),
    logIndex: item.logIndex.toString(),
    from: item.from,
    to: item.to,
    contractAddress: item.token,
    value: item.amount.toString(),
    tokenID: item.tokenId?.toString() ?? '',
    tokenName: token.name ?? '',
    tokenSymbol: token.symbol ?? '',
    tokenDecimal: token.decimals?.toString() ?? '',
    tokenType: item.standard,
    confirmations: tip !== null && tip >= item.blockNumber ? (tip - item.blockNumber + 1n).toString() : '',
    chain: item.chain,
  };
}
