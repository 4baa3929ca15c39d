import { SoftLink } from './SoftLink';
import { LEVEL_LABELS } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';

/**
 * A block's [Prime, Region, Zone] numbers, seen as "[12, 340, 5,021]" and heard as "Prime 12,
 * Region 340, Zone 5,021": the brackets are hidden from screen readers and each number carries
 * its level's name for them. `hrefOf` links a level's number (its link is named "Prime 12");
 * `titleOf` gives a number its tooltip.
 */
export function NumberTriple({
  numbers,
  hrefOf,
  titleOf,
  className,
  linkClassName,
  testId,
  title,
}: {
  numbers: readonly (bigint | number | string)[];
  hrefOf?: (level: number) => string | undefined;
  titleOf?: (level: number) => string | undefined;
  className?: string;
  linkClassName?: string;
  testId?: string;
  /** A tooltip for the whole triple. */
  title?: string;
}) {
  return (
    <span className={className} data-testid={testId} title={title}>
      <span aria-hidden="true">[</span>
      {numbers.map((n, level) => {
        const text = formatInteger(BigInt(n));
        const href = hrefOf?.(level);
        const title = titleOf?.(level);
        const words = (
          <>
            <span className="sr-only">{LEVEL_LABELS[level]} </span>
            {text}
          </>
        );
        return (
          <span key={level}>
            {href ? (
              <SoftLink href={href} title={title} className={linkClassName}>
                {words}
              </SoftLink>
            ) : (
              <span title={title}>{words}</span>
            )}
            {level < numbers.length - 1 ? ', ' : null}
          </span>
        );
      })}
      <span aria-hidden="true">]</span>
    </span>
  );
}

/**
 * The same numbers as text alone, for a long list's rows where none is a link: seen as
 * "[12, 340, 5,021]", heard as "Prime 12, Region 340, Zone 5,021", in three elements where
 * NumberTriple draws twelve (a page of blocks draws 25 of them).
 */
export function PlainNumberTriple({ numbers, className, title }: { numbers: readonly (bigint | number | string)[]; className?: string; title?: string }) {
  const texts = numbers.map((n) => formatInteger(BigInt(n)));
  return (
    <span className={className} title={title}>
      <span aria-hidden="true">[{texts.join(', ')}]</span>
      <span className="sr-only">{texts.map((t, level) => `${LEVEL_LABELS[level]} ${t}`).join(', ')}</span>
    </span>
  );
}
