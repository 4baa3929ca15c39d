/**
 * The verified contract whose runtime code is `code` but for the metadata hash (lib/contracts/
 * similar-code.ts): candidates of the same skeleton length from the index, each compared with
 * `code` masked at that contract's immutables. The first verified (oldest) wins. Null without an
 * index, or when none is the same.
 */
import type { Address, Hex } from 'viem';
import type { Queryable } from '@/lib/index/drivers/db';
import { skeletonsOfLength } from '@/lib/index/contracts/verify-store';
import { indexAvailability } from '@/lib/server/index/index-service';
import { sameSkeleton, skeletonLength } from '@/lib/contracts/similar-code';
import type { CompiledContract } from '@/lib/contracts/bytecode-match';

export async function similarVerifiedTo(address: Address, code: Hex): Promise<Address | null> {
  const index = await indexAvailability();
  return index.state === 'ready' ? similarIn(index.db, address, code) : null;
}

/** The same, in `db` (the Etherscan API's verification context hands its own). */
export async function similarIn(db: Queryable, address: Address, code: Hex): Promise<Address | null> {
  if (code === '0x') return null;
  let rows;
  try {
    rows = await skeletonsOfLength(db, skeletonLength(code));
  } catch {
    return null;
  }
  for (const row of rows) {
    if (row.address.toLowerCase() === address.toLowerCase()) continue;
    let refs: CompiledContract['immutableReferences'];
    try {
      refs = JSON.parse(row.immutableRefs) as CompiledContract['immutableReferences'];
    } catch {
      continue;
    }
    if (sameSkeleton(code, { length: row.length, hash: row.hash }, refs)) return row.address;
  }
  return null;
}
