import type { AbiFunction } from 'viem';
import { ChainText } from '@/components/ui/values/ChainText';
import { DataTable } from '@/components/ui/layout/DataTable';
import { originText, type VerifiedAbi } from '@/lib/contracts/verified-abi';
import { functionSelector, isSelectorNamed } from '@/lib/decode/function-selector';

/**
 * The functions of an unverified contract as read from code (its own, or what its proxy runs):
 * selector, name where the signature database has one ("guessed" where several signatures fit),
 * argument types and state mutability, the way Etherscan lists a verified contract's.
 */
export function CodeFunctions({ abis }: { abis: readonly VerifiedAbi[] }) {
  const rows = abis.flatMap(({ abi, origin }) =>
    abi.filter((item): item is AbiFunction => item.type === 'function').map((fn) => ({ fn, origin })),
  );
  if (rows.length === 0) return <p className="text-sm text-muted" data-testid="code-functions-none">No function selectors were found in its code.</p>;
  const origins = [...new Set(abis.map((a) => originText(a.origin)))];
  return (
    <section className="space-y-2" data-testid="code-functions">
      <h2 className="text-sm font-semibold">Functions read from bytecode ({rows.length})</h2>
      {origins.map((o) => (
        <p key={o} className="text-xs text-muted [overflow-wrap:anywhere]">{o}</p>
      ))}
      <DataTable caption="Functions read from bytecode" className="w-full min-w-[36rem] text-xs" testId="code-functions-table">
        <thead className="text-left text-muted">
          <tr className="border-b border-border">
            <th className="px-2 py-1.5 font-medium">Selector</th>
            <th className="px-2 py-1.5 font-medium">Function</th>
            <th className="px-2 py-1.5 font-medium">Mutability</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map(({ fn, origin }) => {
            const selector = functionSelector(fn);
            const guessed = origin.kind === 'bytecode' ? origin.guessed[selector] : undefined;
            return (
              <tr key={`${selector}-${fn.name}`} data-testid="code-function" data-selector={selector}>
                <td className="px-2 py-1 font-mono">{selector}</td>
                <td className="px-2 py-1 font-mono [overflow-wrap:anywhere]">
                  {isSelectorNamed(fn) ? <span className="text-muted">unknown name</span> : <ChainText text={fn.name} />}({fn.inputs.map((p) => p.type).join(', ')})
                  {guessed ? <span className="ml-1 text-warn" title={`also: ${guessed.join(', ')}`}>guessed</span> : null}
                </td>
                <td className="px-2 py-1">{fn.stateMutability}</td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </section>
  );
}
