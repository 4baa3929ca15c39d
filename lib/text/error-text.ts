/**
 * An error as text for a reader: viem's errors carry a `shortMessage`, and their `message` adds
 * a footer of details, a docs link and "Version: viem@…" — our dependency's version is noise to
 * a reader and a hint to an attacker. Other errors keep their message up to the first blank line,
 * where such footers start.
 */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const short = (error as { shortMessage?: unknown }).shortMessage;
    if (typeof short === 'string' && short !== '') return short;
    return error.message.split(/\n\s*\n/)[0]?.trim() || error.name;
  }
  return String(error);
}
