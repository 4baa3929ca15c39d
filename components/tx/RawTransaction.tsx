import type { Hex } from 'viem';
import { CopyableHex } from '@/components/ui/values/CopyableHex';
import { decodeTransaction, type QuaiTransaction } from '@/lib/protocol/transaction';
import { plural } from '@/lib/text/format';
import type { Transaction } from '@/lib/rpc/domain';
import { SignatureCheck } from './SignatureCheck';

function decodedFields(tx: QuaiTransaction): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['type', String(tx.type)],
    ['chainId', tx.chainId.toString()],
    ['nonce', tx.nonce.toString()],
    ['gasTipCap', tx.gasTipCap.toString()],
    ['gasFeeCap', tx.gasFeeCap.toString()],
    ['gas', tx.gas.toString()],
    ['to', tx.to ?? '(contract creation)'],
    ['value', tx.value.toString()],
    ['data', tx.data],
    ['accessList', plural(tx.accessList.length, 'entry', 'entries')],
  ];
  if (tx.type === 1) rows.push(['sender', tx.sender]);
  if (tx.type === 2) {
    rows.push(
      ['etxGasLimit', tx.etxGasLimit.toString()],
      ['etxGasPrice', tx.etxGasPrice.toString()],
      ['etxGasTip', tx.etxGasTip.toString()],
      ['etxData', tx.etxData],
      ['etxAccessList', plural(tx.etxAccessList.length, 'entry', 'entries')],
    );
  }
  if (tx.type !== 1) rows.push(['v', tx.v?.toString() ?? '—'], ['r', tx.r !== undefined ? `0x${tx.r.toString(16)}` : '—'], ['s', tx.s !== undefined ? `0x${tx.s.toString(16)}` : '—']);
  return rows;
}

/** The raw bytes the node served, their decoded fields, and the signature check. */
export async function RawTransaction({ tx, raw }: { tx: Transaction; raw: Hex }) {
  let decoded: QuaiTransaction | undefined;
  try {
    decoded = decodeTransaction(raw);
  } catch {
    decoded = undefined;
  }
  return (
    <div className="space-y-4">
      <CopyableHex value={raw} label="Copy raw transaction" height="short" testId="raw-tx" />
      {decoded ? (
        <details>
          <summary className="cursor-pointer text-sm">Decoded fields ({decodedFields(decoded).length})</summary>
          <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-0.5 font-mono text-xs">
            {decodedFields(decoded).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted">{k}</dt>
                <dd className="min-w-0 break-all">{v}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      <SignatureCheck tx={tx} raw={raw} />
    </div>
  );
}
