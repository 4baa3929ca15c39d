/** Ask a devnet chain directly (tests compare the explorer with what the node says). */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export interface RpcBlockLite {
  hash: string;
  number: [string, string, string];
  order: number;
  transactions: Array<string | { hash: string }>;
}
