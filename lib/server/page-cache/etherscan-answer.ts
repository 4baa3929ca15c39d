/**
 * Which 200 answers of Etherscan's `/api` the page cache may keep. Etherscan's clients read the
 * status inside the body, so the API answers its failures with HTTP 200 too: JSON-RPC's `error`
 * (module=proxy) and `{ status: "0", message: "NOTOK" }` say the node or the parameters failed,
 * not what the chain holds, and are never kept. An answer kept for good (immutable, when-final)
 * must also have found something: JSON-RPC's `result: null` or Etherscan's status "0" ("No
 * records found") for a block or transaction not seen yet may be answered differently later.
 */
export function keepsEtherscanAnswer(body: Buffer, durable: boolean): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null) return false;
  const answer = parsed as { error?: unknown; message?: unknown; status?: unknown; result?: unknown; jsonrpc?: unknown };
  if (answer.error !== undefined || answer.message === 'NOTOK') return false;
  if (!durable) return true;
  return answer.jsonrpc !== undefined ? answer.result !== null && answer.result !== undefined : answer.status === '1';
}
