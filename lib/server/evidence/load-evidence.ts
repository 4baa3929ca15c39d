/**
 * The evidence API's bundles (lib/evidence/build-bundle.ts over the node clients): a transaction
 * on whichever zone has it, a block of a configured chain, an account of a configured zone.
 * Concurrent requests for the same bundle share one gathering (a hundred-transaction block is a
 * few hundred node calls). `final`: the bundle can never change (its headers end at a fixed
 * height — HEADER_SPAN above the block or a checkpoint — that is FINALITY_DEPTH deep), so the
 * route may send it as immutable.
 */
import type { Address, Hash } from 'viem';
import { dominantAt, zoneOf, type Chain } from '@/lib/protocol/chains';
import type { EvidenceSource } from '@/lib/evidence/build-bundle';
import { buildAddressBundle, buildBlockBundle, buildTxBundle, EvidenceError, type BuiltBundle } from '@/lib/evidence/build-bundle';
import type { EvidenceQuery } from '@/lib/routes/params/evidence-params';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { clientOf, configuredChains } from '@/lib/server/node/clients';
import { finalityDepth } from '@/lib/server/node/finality-depth';
import { lookupTxByHash } from '@/lib/server/tx/load-tx';
import { evidenceSourceOf } from './node-source';

export interface LoadedEvidence {
  readonly built: BuiltBundle;
  readonly final: boolean;
}

const SHARE_MS = 2_000;

function finalOf(built: BuiltBundle): LoadedEvidence {
  const fixedEnd = built.bundle.headers.end !== 'tip' && built.dominantComplete;
  return { built, final: fixedEnd && built.newest - built.lastHeader >= finalityDepth() };
}

const sourceOf = (chain: Chain) => evidenceSourceOf(clientOf(chain));

/** The zone's region and prime, where this explorer serves them: their headers building on the block go in the bundle. */
function dominantSources(chain: Chain): Partial<Record<0 | 1, EvidenceSource>> {
  const served = configuredChains();
  const sources: Partial<Record<0 | 1, EvidenceSource>> = {};
  for (const level of [0, 1] as const) {
    if (level >= chain.level) continue;
    const dominant = dominantAt(chain, level);
    if (served.some((c) => c.name === dominant.name)) sources[level] = sourceOf(dominant);
  }
  return sources;
}

export function loadTxEvidence(hash: Hash, query: EvidenceQuery): Promise<LoadedEvidence> {
  return coalesceShared(`evidence:tx:${hash}:${query.checkpoint ?? ''}`, SHARE_MS, async () => {
    const found = await lookupTxByHash(hash);
    if (!found.found) {
      if (found.failures.length > 0) {
        throw new EvidenceError(`could not ask every zone for ${hash}: ${found.failures.map((f) => `${f.chain.label}: ${f.error}`).join('; ')}`, 'unavailable');
      }
      throw new EvidenceError(`no zone this explorer serves has transaction ${hash}`, 'not-found');
    }
    const chain = found.data.chain;
    return finalOf(await buildTxBundle(sourceOf(chain), { chain, hash, checkpoint: query.checkpoint, dominant: dominantSources(chain) }));
  });
}

export function loadBlockEvidence(chain: Chain, hash: Hash, query: EvidenceQuery): Promise<LoadedEvidence> {
  return coalesceShared(`evidence:block:${chain.name}:${hash}:${query.checkpoint ?? ''}`, SHARE_MS, async () =>
    finalOf(await buildBlockBundle(sourceOf(chain), { chain, hash, checkpoint: query.checkpoint, dominant: dominantSources(chain) })),
  );
}

export function loadAddressEvidence(address: Address, query: EvidenceQuery): Promise<LoadedEvidence> {
  const chain = zoneOf(address);
  const key = `evidence:address:${address.toLowerCase()}:${query.block}:${query.slots.join(',')}:${query.checkpoint ?? ''}`;
  return coalesceShared(key, SHARE_MS, async () => {
    if (!configuredChains().some((c) => c.name === chain.name)) {
      throw new EvidenceError(`${address} lives in ${chain.label}, which this explorer does not serve`, 'not-found');
    }
    const block = query.block === 'latest' ? undefined : query.block;
    return finalOf(await buildAddressBundle(sourceOf(chain), { chain, address, block, slots: query.slots, checkpoint: query.checkpoint, dominant: dominantSources(chain) }));
  });
}
