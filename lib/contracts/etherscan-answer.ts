/**
 * Etherscan's `{ status, message, result }` answers of /api's contract module, read strictly for
 * the /verify form (browser-safe): a submission's guid, or a job's status string and the reason
 * this explorer gives beside it. Anything else is an error naming what was wrong.
 */
export type EtherscanAnswer =
  | { readonly ok: true; readonly result: string; readonly reason: string | null }
  | { readonly ok: false; readonly result: string; readonly reason: string | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readEtherscanAnswer(json: unknown): EtherscanAnswer {
  if (!isRecord(json) || (json.status !== '1' && json.status !== '0') || typeof json.result !== 'string') {
    return { ok: false, result: 'The explorer answered something other than Etherscan’s { status, message, result }.', reason: null };
  }
  const reason = typeof json.reason === 'string' && json.reason.trim() ? json.reason : null;
  return { ok: json.status === '1', result: json.result, reason };
}

/** Which verdict a `checkverifystatus` result string is (the strings hardhat-verify and forge match). */
export function verdictOf(result: string): 'pending' | 'pass' | 'already' | 'fail' {
  if (result.startsWith('Pending in queue')) return 'pending';
  if (result.startsWith('Pass - Verified')) return 'pass';
  if (result.startsWith('Already Verified')) return 'already';
  return 'fail';
}
