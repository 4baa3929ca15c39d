/**
 * EIP-3091 `/block/<id>`: a hash is looked for on every configured chain (a coincident block
 * has the same hash on its zone, region and prime); a number names one block per chain, so it is
 * asked of each. One batched request per chain, in parallel; shared briefly with proxy.ts.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { Block } from '@/lib/rpc/domain';
import { configuredClients } from '@/lib/server/node/clients';
import { blocksAtHeight, blocksByHash, type ChainFailure } from '@/lib/server/node/lookup';
import type { BlockRef } from '@/lib/routes/params/block-id';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { answerReport, type AnswerReport } from '@/lib/checks/answer';
import { checkHeaderAnswer, checkOrder } from '@/lib/checks/block-answer';

export interface AnyChainResult {
  readonly ref: BlockRef;
  /** Each chain's answer, checked against the height or hash asked (`answers`). */
  readonly found: ReadonlyArray<{ readonly chain: Chain; readonly block: Block<'hashes'>; readonly answers: AnswerReport }>;
  /** Per chain asked for a height: its tip, to say "not yet". */
  readonly tips: ReadonlyArray<{ readonly chain: Chain; readonly tip: bigint | null }>;
  readonly asked: readonly Chain[];
  readonly failures: readonly ChainFailure[];
}

const checked = (ref: BlockRef) => (f: { readonly chain: Chain; readonly block: Block<'hashes'> }) => ({
  ...f,
  answers: answerReport([...checkHeaderAnswer(f.chain, ref, f.block), checkOrder(f.chain, f.block)]),
});

export function lookupAnyChain(ref: BlockRef): Promise<AnyChainResult> {
  const key = `any:${ref.kind === 'number' ? ref.number : ref.hash}`;
  return coalesceShared(key, 3_000, async (): Promise<AnyChainResult> => {
    const clients = configuredClients();
    const asked = clients.map((c) => c.chain);
    if (ref.kind === 'number') {
      const { results, failures } = await blocksAtHeight(clients, ref.number);
      return {
        ref,
        asked,
        failures,
        found: results.flatMap((r) => (r.block ? [checked(ref)({ chain: r.chain, block: r.block })] : [])),
        tips: results.map((r) => ({ chain: r.chain, tip: r.tip })),
      };
    }
    const { blocks, failures } = await blocksByHash(clients, ref.hash);
    return { ref, asked, tips: [], found: blocks.map(checked(ref)), failures };
  });
}
