/**
 * The token-transfer and internal-transaction exports in Etherscan's CSV columns, so that the
 * spreadsheets and tax tools that read Etherscan's files read ours (they find columns by name):
 *
 *   token transfers   Txhash, Blockno, UnixTimestamp, DateTime (UTC), From, To, TokenValue,
 *                     ContractAddress, TokenName, TokenSymbol, then TokenId, TokenStandard, Chain
 *   internal          Txhash, Blockno, UnixTimestamp, DateTime (UTC), ParentTxFrom, ParentTxTo,
 *                     ParentTxQUAI_Value, From, TxTo, ContractAddress, Value_IN(QUAI),
 *                     Value_OUT(QUAI), Status, ErrCode, Type, then TraceId, Chain
 *
 * As Etherscan's: every field quoted, amounts in whole units (TokenValue by the token's decimals,
 * QUAI values by 18), Status "0" for a transfer that happened and "1" for one inside a failed call
 * (ErrCode says why), Type lower case (call, create, create2, selfdestruct). Etherscan's price
 * columns (USDValueDayOfTx, Historical $Price) are left out: the explorer knows no prices. The
 * columns after Etherscan's are this network's: an NFT's id, the standard, the zone.
 *
 * Names and symbols are the token's own text: a field that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe.
 */
import { formatUnits } from 'viem';
import type { InternalTransferItem } from '@/lib/index/readers/internal-transfer-reader';
import type { TokenTransferItem } from '@/lib/index/readers/tokens/token-transfer-reader';

const quote = (field: string): string => `"${field.replace(/"/g, '""')}"`;

/** Text the explorer did not write, made inert for a spreadsheet (OWASP's CSV injection advice). */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const line = (fields: readonly string[]): string => `${fields.map(quote).join(',')}\n`;

/** Etherscan's DateTime (UTC): `2026-11-22 00:10:05`. */
export function csvDateTime(timestamp: bigint): string {
  const date = new Date(Number(timestamp) * 1000);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 19).replace('T', ' ');
}

export const TOKEN_TRANSFER_COLUMNS = [
  'Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'From', 'To', 'TokenValue', 'ContractAddress', 'TokenName', 'TokenSymbol',
  'TokenId', 'TokenStandard', 'Chain',
] as const;

export const TOKEN_TRANSFER_CSV_HEADER = line(TOKEN_TRANSFER_COLUMNS);

export function tokenTransferCsvLine(item: TokenTransferItem): string {
  const decimals = item.facts?.decimals ?? null;
  return line([
    item.txHash, item.blockNumber.toString(), item.timestamp.toString(), csvDateTime(item.timestamp), item.from, item.to,
    decimals === null ? item.amount.toString() : formatUnits(item.amount, decimals), item.token,
    inertText(item.facts?.name ?? ''), inertText(item.facts?.symbol ?? ''),
    item.tokenId === null ? '' : item.tokenId.toString(), item.standard, item.chain,
  ]);
}

export const INTERNAL_COLUMNS = [
  'Txhash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', 'ParentTxFrom', 'ParentTxTo', 'ParentTxQUAI_Value', 'From', 'TxTo', 'ContractAddress',
  'Value_IN(QUAI)', 'Value_OUT(QUAI)', 'Status', 'ErrCode', 'Type', 'TraceId', 'Chain',
] as const;

export const INTERNAL_CSV_HEADER = line(INTERNAL_COLUMNS);

const quai = (wei: bigint): string => formatUnits(wei, 18);

export function internalCsvLine(item: InternalTransferItem): string {
  const creates = item.type === 'CREATE' || item.type === 'CREATE2';
  const into = item.direction === 'in' || item.direction === 'self';
  const out = item.direction === 'out' || item.direction === 'self';
  return line([
    item.txHash, item.blockNumber.toString(), item.timestamp.toString(), csvDateTime(item.timestamp),
    item.parent.from, item.parent.to ?? '', quai(item.parent.value), item.from, creates ? '' : item.to, item.contractAddress ?? '',
    into ? quai(item.value) : '0', out ? quai(item.value) : '0', item.error === null ? '0' : '1', inertText(item.error ?? ''),
    item.type.toLowerCase(), item.traceId, item.chain,
  ]);
}
