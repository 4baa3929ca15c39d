/** Label files too big for their old homes: ABIs of a given size, for the labels specs. */

/** A JSON ABI of about `chars` characters: `extra` entries, then view functions `generated0…`, each taking an address. */
export function bigAbi(chars: number, extra: readonly object[] = []): string {
  const fns: object[] = [...extra];
  let size = 2;
  for (let i = 0; size < chars; i++) {
    const fn = { type: 'function', name: `generated${i}`, stateMutability: 'view', inputs: [{ name: 'who', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] };
    size += JSON.stringify(fn).length + 1;
    fns.push(fn);
  }
  return JSON.stringify(fns);
}
