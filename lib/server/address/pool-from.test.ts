import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { type0Json } from '@/lib/rpc/parse/fixtures';
import { parseTxPoolContentFrom } from '@/lib/rpc/parse/txpool';
import { poolFromContent } from './pool-from';

const tx = (nonce: number) => ({ ...type0Json(), nonce: `0x${nonce.toString(16)}`, blockHash: null, blockNumber: null, transactionIndex: null });
const SENDER = (type0Json().from as string) as Address;
const parse = (value: unknown) => poolFromContent(parseTxPoolContentFrom(value, SENDER));

describe('txpool_contentFrom for the address page', () => {
  it('reads the go-ethereum shape (nonce keys, no sender level), in nonce order', () => {
    const r = parse({ pending: { '3': tx(3), '2': tx(2) }, queued: { '7': tx(7) } });
    expect(r.pending.map((t) => t.nonce)).toEqual([2n, 3n]);
    expect(r.queued.map((t) => t.nonce)).toEqual([7n]);
  });

  it('reads the txpool_content shape too, keeping only the address asked about', () => {
    const other = `0x${'ee'.repeat(20)}`;
    const r = parse({ pending: { [SENDER.toUpperCase().replace('0X', '0x')]: { '1': tx(1) }, [other]: { '9': tx(9) } }, queued: {} });
    expect(r.pending.map((t) => t.nonce)).toEqual([1n]);
    expect(r.queued).toEqual([]);
  });

  it('accepts empty sections and refuses keys that are neither nonces nor addresses', () => {
    expect(parse({ pending: {}, queued: {} })).toEqual({ pending: [], queued: [] });
    expect(() => parse({ pending: { x: tx(1) }, queued: {} })).toThrow(/pending\["x"\]/);
  });
});
