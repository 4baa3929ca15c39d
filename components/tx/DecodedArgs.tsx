import { Address } from '@/components/ui/Address';
import type { DecodedArgument } from '@/lib/decode/abi';

/** Decoded arguments: type and name, then the value (addresses as links). Chain data drawn as text. */
export function DecodedArgs({ args }: { args: readonly (DecodedArgument & { readonly indexed?: boolean })[] }) {
  if (args.length === 0) return <p className="text-xs text-muted">no arguments</p>;
  return (
    <ul className="space-y-0.5">
      {args.map((arg, i) => (
        <li key={i} className="grid min-w-0 gap-x-2 font-mono text-xs sm:grid-cols-[12rem_1fr]">
          <span className="text-muted">
            {arg.type} {arg.name}
            {arg.indexed ? <span title="indexed: carried in a topic"> ᵢ</span> : null}
          </span>
          <span className="min-w-0 break-all">{arg.type === 'address' ? <Address address={arg.value} /> : arg.value}</span>
        </li>
      ))}
    </ul>
  );
}
