import { originText, type AbiOrigin } from '@/lib/contracts/verified-abi';
import type { DecodedCall as Call } from '@/lib/decode/calls';
import { DecodedArgs } from './DecodedArgs';
import { ChainText } from '@/components/ui/values/ChainText';
import { Badge } from '@/components/ui/layout/Badge';
import { isSelectorNamed } from '@/lib/decode/function-selector';

/**
 * The input as a function call from a verified ABI (`origin` says whose) or the signature table,
 * or why it is not one.
 */
export function DecodedCall({ call, origin = null }: { call: Call; origin?: AbiOrigin | null }) {
  const from = origin ? originText(origin) : null;
  switch (call.kind) {
    case 'empty':
      return null;
    case 'short':
      return <p className="text-sm text-muted" data-testid="decoded-call">Shorter than a 4-byte function selector: not a function call.</p>;
    case 'unknown':
      return (
        <p className="text-sm" data-testid="decoded-call">
          Function <span className="font-mono">{call.selector}</span> <span className="text-muted">unknown: not in the signature table; paste an ABI below to decode it</span>
        </p>
      );
    case 'malformed':
      return (
        <p className="text-sm" data-testid="decoded-call">
          <ChainText text={call.signature} className="break-all font-mono" />{' '}
          <span className="text-bad">does not decode: {call.error}</span>
          {from ? <span className="block text-xs text-muted [overflow-wrap:anywhere]">{from}</span> : null}
        </p>
      );
    case 'call': {
      const byCode = origin?.kind === 'bytecode';
      const guessed = origin?.kind === 'bytecode' ? origin.guessed[call.selector] : origin?.kind === 'database' && origin.guessed.length > 0 ? origin.guessed : undefined;
      return (
        <div className="space-y-1 text-sm" data-testid="decoded-call" data-source={origin?.kind ?? call.source}>
          <p>
            <ChainText text={call.signature} className="break-all font-mono font-medium" />{' '}
            {byCode || origin?.kind === 'database' ? (
              <Badge tone={guessed ? 'warn' : 'neutral'} title={guessed ? `Other signatures share this selector: ${guessed.join(', ')}` : undefined}>
                <span data-testid="decoded-call-badge">{guessed ? 'guessed' : byCode ? 'read from bytecode' : 'signature database'}</span>
              </Badge>
            ) : null}{' '}
            <span className="text-xs text-muted [overflow-wrap:anywhere]" data-testid="decoded-call-source">
              selector {call.selector} · {from ?? (call.source === 'table' ? 'from the standard signature table' : 'from your ABI')}
            </span>
          </p>
          {byCode && isSelectorNamed({ name: call.functionName }) ? (
            <p className="text-xs text-muted" data-testid="decoded-call-unnamed">
              No signature names this selector: the argument types are the ones the contract’s code reads.
            </p>
          ) : null}
          <DecodedArgs args={call.args} />
        </div>
      );
    }
  }
}
