'use client';

import { useMemo, useState } from 'react';
import type { Hex } from 'viem';
import { useAbiModule } from '@/components/ui/client/use-abi-module';
import { useOwnLabels } from '@/components/labels/use-labels';
import { ChainText } from '@/components/ui/values/ChainText';

/**
 * Decode a transaction's input with an ABI the reader pastes (JSON ABI, an artifact with an
 * `abi` field, or `function …` signatures), or else the ABI attached to the called address by
 * the reader's labels or the operator's. Runs entirely in the browser with viem. `operatorAbi`:
 * the operator's ABI for the called address, sent by the server with this page only.
 */
export function AbiDecoder({ input, to, operatorAbi }: { input: Hex; to?: string | null; operatorAbi?: string }) {
  const [abiText, setAbiText] = useState('');
  // The reader's own ABI for the called address first, then the operator's (STRATA_LABELS).
  const key = to?.toLowerCase() ?? '';
  const ownAbi = useOwnLabels().get(key)?.abi;
  const labelAbi = ownAbi ?? operatorAbi;
  const usedText = abiText.trim() ? abiText : (labelAbi ?? '');
  // The decoder (viem) is fetched once there is an ABI to use, not with the page.
  const abi = useAbiModule(usedText.trim() !== '');
  const result = useMemo(() => (usedText.trim() && abi ? abi.decodeInputWithAbiText(usedText, input) : undefined), [abi, usedText, input]);
  return (
    <div className="space-y-2" data-testid="abi-decoder">
      <label className="block text-xs text-muted" htmlFor="abi-text">
        Decode with an ABI: paste a JSON ABI, a build artifact, or signatures such as{' '}
        <code className="font-mono">function transfer(address to, uint256 amount)</code>
      </label>
      <textarea
        id="abi-text"
        value={abiText}
        onChange={(e) => setAbiText(e.target.value)}
        rows={4}
        spellCheck={false}
        className="w-full rounded-md border border-border bg-bg p-2 font-mono text-xs"
        placeholder='[{"type":"function","name":"transfer","inputs":[…]}]'
      />
      {result === undefined ? null : result.ok ? (
        <div className="space-y-1 text-sm" data-testid="abi-result">
          {!abiText.trim() && labelAbi ? (
            <p className="text-xs text-muted">
              {ownAbi ? 'Decoded with the ABI you attached to this address (your labels).' : "Decoded with this explorer's ABI for this address (its labels)."}
            </p>
          ) : null}
          <p>
            <ChainText text={result.signature} className="break-all font-mono font-medium" />{' '}
            <span className="text-xs text-muted">selector {result.selector}</span>
          </p>
          <ul className="space-y-0.5">
            {result.args.map((arg, i) => (
              <li key={i} className="flex min-w-0 flex-wrap gap-x-2 font-mono text-xs">
                <span className="text-muted">
                  {arg.type} <ChainText text={arg.name} />
                </span>
                <ChainText text={arg.value} className="min-w-0 break-all" />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-bad" role="alert" data-testid="abi-error">
          {result.error}
        </p>
      )}
    </div>
  );
}
