/**
 * Etherscan's `txlistinternal` (`GET /api?module=account&action=txlistinternal`): the internal
 * transfers the index derived from traces (migration 8), by `address` (paged like txlist:
 * page, offset, sort, startblock, endblock, the same limits) or by `txhash` (every transfer of
 * that transaction, in the order they ran). Fields as Etherscan's: blockNumber, timeStamp, hash,
 * from, to (empty for a creation), value, contractAddress (the created contract), input (empty:
 * the index keeps no call data), type (call, create, create2, selfdestruct…), gas, gasUsed,
 * traceId, isError, errCode (the error), and `chain`, as txlist adds it.
 */
import type { Hash } from 'viem';
import type { InternalTransferItem } from '@/lib/index/readers/internal-transfer-reader';
import { parseTxlist, type TxlistQuery } from './etherscan';

export type TxlistInternalQuery =
  | { readonly by: 'address'; readonly query: TxlistQuery }
  | { readonly by: 'txhash'; readonly txhash: Hash };

export function isTxlistInternal(search: URLSearchParams): boolean {
  return search.get('module') === 'account' && search.get('action') === 'txlistinternal';
}

/** The query, or an error message for a NOTOK answer; the address form is validated as txlist's is. */
export function parseTxlistInternal(search: URLSearchParams): TxlistInternalQuery | string {
  const txhash = search.get('txhash')?.trim();
  if (txhash) {
    if (search.get('address')) return 'give address or txhash, not both';
    if (!/^0x[0-9a-fA-F]{64}$/.test(txhash)) return 'Invalid txhash format';
    return { by: 'txhash', txhash: txhash.toLowerCase() as Hash };
  }
  const asTxlist = new URLSearchParams(search);
  asTxlist.set('action', 'txlist');
  const query = parseTxlist(asTxlist);
  return typeof query === 'string' ? query : { by: 'address', query };
}

export function etherscanInternalTx(item: InternalTransferItem): Record<string, string> {
  const creates = item.type === 'CREATE' || item.type === 'CREATE2';
  return {
    blockNumber: item.blockNumber.toString(),
    timeStamp: item.timestamp.toString(),
    hash: item.txHash,
    from: item.from,
    to: creates ? '' : item.to,
    value: item.value.toString(),
    contractAddress: item.contractAddress ?? '',
    input: '',
    type: item.type.toLowerCase(),
    gas: item.gas.toString(),
    gasUsed: item.gasUsed.toString(),
    traceId: item.traceId,
    isError: item.error === null ? '0' : '1',
    errCode: item.error ?? '',
    chain: item.chain,
  };
}
