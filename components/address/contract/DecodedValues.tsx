import { ChainText } from '@/components/ui/values/ChainText';
import type { DecodedValue } from './contract-call';

/**
 * A call's decoded return values, one line each: "name (type): value", the name and value chain
 * text (bidi-isolated). Both read-contract forms draw their answer with it; each keeps its own
 * list class and test id.
 */
export function DecodedValues({ values, className, testId }: { values: readonly DecodedValue[]; className: string; testId: string }) {
  return (
    <ul className={className} data-testid={testId}>
      {values.map((v) => (
        <li key={v.name}>
          <span className="text-muted">
            <ChainText text={v.name} /> ({v.type}):
          </span>{' '}
          <ChainText text={v.value} className="break-all font-mono" />
        </li>
      ))}
    </ul>
  );
}
