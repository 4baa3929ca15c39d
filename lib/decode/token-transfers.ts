/**
 * Token movements in a list of logs: every ERC-20, ERC-721 and ERC-1155 transfer, one row per
 * token and amount (an ERC-1155 batch becomes one row per id). The transaction page's "tokens
 * moved" summary and a future indexer's token-transfer table are built from this.
 *
 * WETH's Deposit and Withdrawal are not listed: a conforming wrapper's balance changes are its
 * own business, and the ERC-20 Transfer events it may also emit would otherwise count twice.
 */
import type { Address } from 'viem';
import { decodeLog, type LogInput } from './events';

export type TokenStandard = 'ERC-20' | 'ERC-721' | 'ERC-1155';

export interface TokenTransfer {
  readonly standard: TokenStandard;
  /** The token contract (the log's emitter). */
  readonly token: Address;
  readonly from: Address;
  readonly to: Address;
  /** Amount in the token's smallest unit; 1 for an ERC-721 token. */
  readonly amount: bigint;
  /** The token id (ERC-721, ERC-1155); null for ERC-20. */
  readonly tokenId: bigint | null;
  /** Position of the log in the list (the receipt's order), so rows can link back to it. */
  readonly logPosition: number;
}

/** The token transfers among `logs`, in log order. Malformed or unknown logs are skipped. */
export function tokenTransfersOf(logs: readonly LogInput[]): TokenTransfer[] {
  const transfers: TokenTransfer[] = [];
  logs.forEach((log, logPosition) => {
    const decoded = decodeLog(log);
    if (!decoded.decoded) return;
    const { event } = decoded;
    const token = event.address;
    switch (event.key) {
      case 'erc20-transfer':
        transfers.push({ standard: 'ERC-20', token, from: event.args.from, to: event.args.to, amount: event.args.value, tokenId: null, logPosition });
        break;
      case 'erc721-transfer':
        transfers.push({ standard: 'ERC-721', token, from: event.args.from, to: event.args.to, amount: 1n, tokenId: event.args.tokenId, logPosition });
        break;
      case 'erc1155-transfer-single':
        transfers.push({ standard: 'ERC-1155', token, from: event.args.from, to: event.args.to, amount: event.args.value, tokenId: event.args.id, logPosition });
        break;
      case 'erc1155-transfer-batch': {
        const { from, to, ids, values } = event.args;
        ids.forEach((id, i) => {
          transfers.push({ standard: 'ERC-1155', token, from, to, amount: values[i] ?? 0n, tokenId: id, logPosition });
        });
        break;
      }
      default:
        break;
    }
  });
  return transfers;
}

/** The distinct token contracts among transfers, in first-seen order (for reading their facts). */
export function tokensOf(transfers: readonly TokenTransfer[]): Address[] {
  const seen = new Map<string, Address>();
  for (const t of transfers) if (!seen.has(t.token.toLowerCase())) seen.set(t.token.toLowerCase(), t.token);
  return [...seen.values()];
}
