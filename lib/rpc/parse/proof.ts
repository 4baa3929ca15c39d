/** Parser for `quai_getProof` (spec §2.7). */
import type { AccountProof, StorageProof } from '../domain';
import { address, array, data, field, hash, object, quantity, type Reader } from './fields';

const storageProof: Reader<StorageProof> = (value, path) => {
  const r = object(value, path);
  return {
    key: field(r, path, 'key', hash),
    value: field(r, path, 'value', quantity),
    proof: field(r, path, 'proof', (v, p) => array(v, p, data)),
  };
};

export function parseAccountProof(value: unknown, path = 'proof'): AccountProof {
  const r = object(value, path);
  return {
    address: field(r, path, 'address', address),
    accountProof: field(r, path, 'accountProof', (v, p) => array(v, p, data)),
    balance: field(r, path, 'balance', quantity),
    codeHash: field(r, path, 'codeHash', hash),
    nonce: field(r, path, 'nonce', quantity),
    storageHash: field(r, path, 'storageHash', hash),
    storageProof: field(r, path, 'storageProof', (v, p) => array(v, p, storageProof)),
  };
}
