/**
 * A node answer the explorer cannot read (InvalidResponseError: malformed JSON, a field of the
 * wrong shape) is the node's fault, not the explorer's: proxy.ts answers it with a 502 page that
 * names the chain, the method and the field, never a 500. Pages that read several chains keep
 * the other chains and mark only the unreadable one (home cards, network rows, search failures).
 */

export interface UnreadableAnswer {
  readonly chain: string;
  /** The JSON-RPC method whose answer was rejected, when known. */
  readonly method: string | undefined;
  /** The offending field path (e.g. "block.transactions[0]"), when a field was at fault. */
  readonly field: string | undefined;
  /** One line: what was wrong with the answer. */
  readonly reason: string;
}

function stringField(error: Error, key: string): string | undefined {
  const value: unknown = (error as unknown as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The unreadable answer an error stands for, or undefined for any other failure. By name, not
 * instanceof: proxy.ts and the pages are separate bundles with their own copies of the error
 * classes (see lib/server/node/node-errors.ts).
 */
export function unreadableAnswer(error: unknown): UnreadableAnswer | undefined {
  if (!(error instanceof Error) || error.name !== 'InvalidResponseError') return undefined;
  return {
    chain: stringField(error, 'chain') ?? 'unknown',
    method: stringField(error, 'method'),
    field: stringField(error, 'field'),
    reason: stringField(error, 'shortMessage') ?? error.message.split('\n')[0] ?? 'unreadable answer',
  };
}

/** The lines a 502 page lists under its message. */
export function describeUnreadable(answer: UnreadableAnswer): string[] {
  return [
    `Chain: ${answer.chain}`,
    `Method: ${answer.method ?? 'unknown'}`,
    `Field: ${answer.field ?? 'the answer as a whole'}`,
    `What was wrong: ${answer.reason}`,
  ];
}
