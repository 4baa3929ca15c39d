/**
 * Bridges a parsed header to lib/protocol's HeaderFields, the input of blockHash/verifySeal.
 * JSON leaves out what the hash does not need, so the gaps are filled the way the node's own
 * RLP would hold them: a missing mixHash (excluded from the seal hash) and an uncle's null
 * parentHash/manifestHash entries become zero hashes (see lib/protocol/header.ts).
 */
import { ZERO_HASH, type HeaderFields } from '@/lib/protocol/header';
import type { Hash } from 'viem';
import type { Header, Triple, Uncle } from './domain';

function fill(triple: Triple<Hash | null> | null): Triple<Hash> {
  const [p, r, z] = triple ?? [null, null, null];
  return [p ?? ZERO_HASH, r ?? ZERO_HASH, z ?? ZERO_HASH];
}

/** The header as HeaderFields plus its reported hash, ready for verifySeal. */
export function toHeaderFields(header: Header | Uncle): HeaderFields & { readonly hash: Hash } {
  return {
    hash: header.hash,
    parentHash: fill(header.parentHash),
    manifestHash: fill(header.manifestHash),
    sha3Uncles: header.sha3Uncles,
    miner: header.miner,
    stateRoot: header.stateRoot,
    transactionsRoot: header.transactionsRoot,
    extTransactionsRoot: header.extTransactionsRoot,
    extRollupRoot: header.extRollupRoot,
    receiptsRoot: header.receiptsRoot,
    difficulty: header.difficulty,
    parentEntropy: header.parentEntropy,
    parentDeltaS: header.parentDeltaS,
    number: header.number,
    gasLimit: header.gasLimit,
    gasUsed: header.gasUsed,
    baseFeePerGas: header.baseFeePerGas,
    location: header.location,
    timestamp: header.timestamp,
    extraData: header.extraData,
    mixHash: header.mixHash ?? ZERO_HASH,
    nonce: header.nonce,
  };
}
