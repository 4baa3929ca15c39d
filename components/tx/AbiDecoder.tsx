'use client';

import { useMemo, useState } from 'react';
import type { Hex } from 'viem';
import { decodeInputWithAbiText } from '@/lib/decode/abi';
import { useOwnLabels } from '@/components/labels/LabelsProvider';

/**
 * Decode a transaction's input with an ABI the reader pastes (JSON ABI, an artifact with an
 * `abi` field, or `function …` signatures), or else the ABI the reader attached to the called
 * address (their labels). Runs entirely in the browser with viem.
 */
export function AbiDecoder({ input, to }: { input: Hex; to?: string | null }) {
  const [abiText, setAbiText] = useState('');
  const ownAbi = useOwnLabels().get(to?.toLowerCase() ?? '')?.abi;
  const usedText = abiText.trim() ? abiText : (ownAbi ?? '');
  const result = useMemo(() => (usedText.trim() ? decodeInputWithAbiText(usedText, input) : undefined), [usedText, input]);
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
          {!abiText.trim() && ownAbi ? <p className="text-xs text-muted">Decoded with the ABI you attached to this address (your labels).</p> : null}
          <p>
            <span className="break-all font-mono font-medium">{result.signature}</span>{' '}
            <span className="text-xs text-muted">selector {result.selector}</span>
          </p>
          <ul className="space-y-0.5">
            {result.args.map((arg, i) => (
              <li key={i} className="flex min-w-0 flex-wrap gap-x-2 font-mono text-xs">
                <span className="text-muted">
                  {arg.type} {arg.name}
                </span>
                <span className="min-w-0 break-all">{arg.value}</span>
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
