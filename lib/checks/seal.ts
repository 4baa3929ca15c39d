/**
 * The block page's proof-of-work check: rebuild the header from the node's JSON fields,
 * recompute the hash (lib/protocol/header.ts) and compare it with the reported hash and the
 * difficulty target (lib/protocol/pow.ts). "Verified" only when both hold; otherwise the reason.
 */
import type { Hex } from 'viem';
import { ZERO_HASH, type HeaderFields } from '@/lib/protocol/header';
import { verifySeal, type SealVerdict } from '@/lib/protocol/pow';
import type { Header, Uncle } from '@/lib/rpc/domain';

type Checkable = Header | Uncle;

function fillTriple(values: readonly (Hex | null)[] | null): { triple: readonly [Hex, Hex, Hex]; hadNull: boolean } {
  const get = (i: number): Hex | null => values?.[i] ?? null;
  const hadNull = values === null || [0, 1, 2].some((i) => get(i) === null);
  return { triple: [get(0) ?? ZERO_HASH, get(1) ?? ZERO_HASH, get(2) ?? ZERO_HASH], hadNull };
}

/** The header as the codec wants it. mixHash is outside the seal, so a missing one is harmless. */
export function headerFieldsOf(block: Checkable): { fields: HeaderFields; nullHashes: boolean } {
  const parent = fillTriple(block.parentHash);
  const manifest = fillTriple(block.manifestHash);
  return {
    nullHashes: parent.hadNull || manifest.hadNull,
    fields: {
      parentHash: parent.triple,
      sha3Uncles: block.sha3Uncles,
      miner: block.miner,
      stateRoot: block.stateRoot,
      transactionsRoot: block.transactionsRoot,
      extTransactionsRoot: block.extTransactionsRoot,
      extRollupRoot: block.extRollupRoot,
      manifestHash: manifest.triple,
      receiptsRoot: block.receiptsRoot,
      difficulty: block.difficulty,
      parentEntropy: block.parentEntropy,
      parentDeltaS: block.parentDeltaS,
      number: block.number,
      gasLimit: block.gasLimit,
      gasUsed: block.gasUsed,
      baseFeePerGas: block.baseFeePerGas,
      location: block.location,
      timestamp: block.timestamp,
      extraData: block.extraData,
      mixHash: block.mixHash ?? ZERO_HASH,
      nonce: block.nonce,
    },
  };
}

/** verifySeal on a block or uncle from the node, with the reason extended when the JSON lacked fields. */
export function checkSeal(block: Checkable): SealVerdict {
  const { fields, nullHashes } = headerFieldsOf(block);
  let verdict: SealVerdict;
  try {
    verdict = verifySeal({ ...fields, hash: block.hash });
  } catch (error) {
    return {
      status: 'unverifiable',
      reason: `The header fields could not be encoded: ${error instanceof Error ? error.message : String(error)}`,
      recomputedHash: ZERO_HASH,
    };
  }
  if (verdict.status === 'unverifiable' && nullHashes) {
    return {
      ...verdict,
      reason: `${verdict.reason} The node also sent null parent or manifest hashes for this header (as it does for uncles), and those are part of the seal.`,
    };
  }
  return verdict;
}
