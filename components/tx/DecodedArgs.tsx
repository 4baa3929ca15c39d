import { Address } from '@/components/ui/values/Address';
import type { DecodedArgument } from '@/lib/decode/abi';
import { ChainText } from '@/components/ui/values/ChainText';
import { formatInteger } from '@/lib/text/format';
import { VALUE_ON_PAGE } from '@/lib/decode/log-page';

/** One value, its first VALUE_ON_PAGE characters: the raw bytes it came from are shown, or linked, beside it. */
function Value({ value }: { value: string }) {
  if (value.length <= VALUE_ON_PAGE) return <ChainText text={value} className="min-w-0 break-all" />;
  return (
    <span className="min-w-0 break-all">
      <ChainText text={value.slice(0, VALUE_ON_PAGE)} />
      <span className="text-muted">… (the first {formatInteger(VALUE_ON_PAGE)} of {formatInteger(value.length)} characters)</span>
    </span>
  );
}

/** Decoded arguments: type and name, then the value (addresses as links). Chain data drawn as text. */
export function DecodedArgs({ args }: { args: readonly (DecodedArgument & { readonly indexed?: boolean })[] }) {
  if (args.length === 0) return <p className="text-xs text-muted">no arguments</p>;
  return (
    <ul className="space-y-0.5">
      {args.map((arg, i) => (
        <li key={i} className="grid min-w-0 gap-x-2 font-mono text-xs sm:grid-cols-[12rem_1fr]">
          <span className="min-w-0 text-muted [overflow-wrap:anywhere]">
            {arg.type} <ChainText text={arg.name} />
            {arg.indexed ? <span title="indexed: carried in a topic"> ᵢ</span> : null}
          </span>
          {arg.type === 'address' ? (
            <span className="min-w-0 break-all">
              <Address address={arg.value} />
            </span>
          ) : (
            <Value value={arg.value} />
          )}
        </li>
      ))}
    </ul>
  );
}
