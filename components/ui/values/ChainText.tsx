import { chainTextParts, codePointDescription, codePointLabel, HIDDEN_CHARACTERS_WARNING, markedText, type ChainTextOptions } from '@/lib/text/chain-text';

interface ChainTextProps extends ChainTextOptions {
  /** Text from chain data or a label file: a token's name or symbol, a label, a decoded string. */
  readonly text: string;
  readonly className?: string;
}

/**
 * Text the explorer did not write, drawn so it cannot disguise itself or its surroundings:
 * isolated in a <bdi> (its direction cannot leak into the sentence around it), and each
 * invisible or direction-changing character shown as a small `U+202E` badge instead of acting,
 * with a warning sign and a tooltip saying so (lib/text/chain-text.ts decides which).
 * React text only: never HTML.
 */
export function ChainText({ text, className, keepLineBreaks }: ChainTextProps) {
  const parts = chainTextParts(text, { keepLineBreaks });
  if (!parts.some((part) => part.kind === 'marked')) return <bdi className={className}>{text}</bdi>;
  const warning = `${markedText(text, { keepLineBreaks })}: ${HIDDEN_CHARACTERS_WARNING}`;
  return (
    <bdi className={className} data-hidden-characters="" title={warning}>
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <span
            key={i}
            dir="ltr"
            title={codePointDescription(part.codePoint)}
            className="mx-px inline-block rounded border border-warn/50 px-0.5 align-baseline font-mono text-[0.7em] font-normal leading-tight text-warn"
            data-testid="marked-code-point"
          >
            {codePointLabel(part.codePoint)}
          </span>
        ),
      )}
      <span role="img" aria-label={HIDDEN_CHARACTERS_WARNING} title={HIDDEN_CHARACTERS_WARNING} className="ml-0.5 text-warn" data-testid="hidden-characters-warning">
        ⚠
      </span>
    </bdi>
  );
}
