import { describe, expect, it } from 'vitest';
import type { InternalTransferItem } from '@/lib/index/readers/internal-transfer-reader';
import type { TokenTransferItem } from '@/lib/index/readers/tokens/token-transfer-reader';
import { csvDateTime, inertText, INTERNAL_CSV_HEADER, internalCsvLine, TOKEN_TRANSFER_CSV_HEADER, tokenTransferCsvLine } from './etherscan-csv';

const H = `0x${'ab'.repeat(32)}` as const;
const A = `0x${'0a'.repeat(20)}` as const;
const B = `0x${'0b'.repeat(20)}` as const;
const T = `0x${'0c'.repeat(20)}` as const;
const place = { chain: 'cyprus1' as const, blockNumber: 12n, blockHash: H, timestamp: 1_767_225_605n, txHash: H };

describe('exports in Etherscan’s columns', () => {
  it('token transfers: whole tokens by decimals, raw without them, the token’s text made inert for a spreadsheet', () => {
    expect(TOKEN_TRANSFER_CSV_HEADER).toBe('"Txhash","Blockno","UnixTimestamp","DateTime (UTC)","From","To","TokenValue","ContractAddress","TokenName","TokenSymbol","TokenId","TokenStandard","Chain"\n');
    const item: TokenTransferItem = {
      ...place, index: 0, logIndex: 1, item: 0, standard: 'ERC-20', token: T, from: A, to: B, amount: 1_500_000_000_000_000_000n, tokenId: null, direction: 'out',
      facts: { name: 'Say "hi", =cmd', symbol: '@SDT', decimals: 18, answered: true, blockNumber: 1n },
    };
    expect(tokenTransferCsvLine(item)).toBe(`"${H}","12","1767225605","2026-01-01 00:00:05","${A}","${B}","1.5","${T}","Say ""hi"", =cmd","'@SDT","","ERC-20","cyprus1"\n`);
    expect(tokenTransferCsvLine({ ...item, standard: 'ERC-721', amount: 1n, tokenId: 7n, facts: null })).toBe(
      `"${H}","12","1767225605","2026-01-01 00:00:05","${A}","${B}","1","${T}","","","7","ERC-721","cyprus1"\n`,
    );
  });

  it('internal transfers: the parent transaction, values in and out in QUAI, Status 1 with the error for a failed call', () => {
    expect(INTERNAL_CSV_HEADER).toContain('"ParentTxFrom","ParentTxTo","ParentTxQUAI_Value","From","TxTo","ContractAddress","Value_IN(QUAI)","Value_OUT(QUAI)","Status","ErrCode","Type"');
    const item: InternalTransferItem = {
      ...place, txIndex: 0, seq: 0, traceId: '0_1', type: 'CALL', from: A, to: B, contractAddress: null, value: 10n ** 17n, gas: 1n, gasUsed: 1n,
      error: null, direction: 'in', parent: { from: B, to: A, value: 2n * 10n ** 18n },
    };
    expect(internalCsvLine(item)).toBe(`"${H}","12","1767225605","2026-01-01 00:00:05","${B}","${A}","2","${A}","${B}","","0.1","0","0","","call","0_1","cyprus1"\n`);
    const failed = internalCsvLine({ ...item, type: 'CREATE', contractAddress: B, error: 'out of gas', direction: 'out' });
    expect(failed).toContain(`"${A}","","${B}","0","0.1","1","out of gas","create"`);
  });

  it('inert text and the UTC time', () => {
    expect(inertText('-1')).toBe("'-1");
    expect(inertText('Token')).toBe('Token');
    expect(csvDateTime(0n)).toBe('1970-01-01 00:00:00');
  });
});
