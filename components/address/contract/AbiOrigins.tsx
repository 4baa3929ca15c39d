/**
 * Where the ABI a contract form uses came from (verified here, through a proxy's implementation,
 * attached by the reader), one line per distinct origin, above the Read and Write forms.
 */
export function AbiOrigins({ origins, testId }: { origins: readonly string[]; testId: string }) {
  return origins.map((text) => (
    <p key={text} className="text-xs text-muted [overflow-wrap:anywhere]" data-testid={testId}>
      {text}
    </p>
  ));
}
