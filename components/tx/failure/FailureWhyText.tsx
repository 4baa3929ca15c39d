import { ChainText } from '@/components/ui/values/ChainText';
import { whySource, whyText, type FailureWhy } from '@/lib/trace/failure';

/** The headline of a failure: Etherscan's "Fail with error '…'" for a reason, the panic and its meaning, the custom error with its arguments, the EVM error's name. */
export function FailureWhyText({ why }: { why: FailureWhy }) {
  const text = whyText(why);
  const source = whySource(why);
  return (
    <span className="min-w-0 space-y-0.5" data-testid="failure-why" data-kind={why.kind}>
      <span className="block font-medium text-bad [overflow-wrap:anywhere]">
        {why.kind === 'reason' ? (
          <>
            Fail with error “<ChainText text={text} />”
          </>
        ) : why.kind === 'panic' ? (
          text.replace(/^panic/, 'Panic')
        ) : (
          <ChainText text={text} />
        )}
      </span>
      {source ? (
        <span className="block text-xs text-muted" data-testid="failure-source">
          {source}
        </span>
      ) : null}
    </span>
  );
}
