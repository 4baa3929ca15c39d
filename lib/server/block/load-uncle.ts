/**
 * The uncle page's data: the uncle by the node's getUncleByBlock{Number,Hash}AndIndex, and the
 * including block (shared with proxy.ts's existence check), started together: one round trip.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { Uncle } from '@/lib/rpc/domain';
import type { BlockRef } from '@/lib/routes/params/block-id';
import { clientOf } from '@/lib/server/node/clients';
import { answerReport, prefixed, type AnswerReport } from '@/lib/checks/answer';
import { checkUncleAnswer } from '@/lib/checks/block-answer';
import { lookupBlock, type BlockPageData } from './load-block';

export type UncleLookup =
  | {
      readonly found: true;
      readonly uncle: Uncle;
      readonly including: BlockPageData;
      readonly index: number;
      /** The including block's checks ("block …") and the uncle's against the block's list. */
      readonly answers: AnswerReport;
    }
  | { readonly found: false };

export async function lookupUncle(chain: Chain, ref: BlockRef, index: number): Promise<UncleLookup> {
  const client = clientOf(chain);
  const [block, uncle] = await Promise.all([
    lookupBlock(chain, ref),
    ref.kind === 'number'
      ? client.getUncleByBlockNumberAndIndex({ blockNumber: ref.number, index })
      : client.getUncleByBlockHashAndIndex({ blockHash: ref.hash, index }),
  ]);
  if (!block.found || !uncle) return { found: false };
  const answers = answerReport([...prefixed(block.data.answers, 'block').checks, ...checkUncleAnswer(chain, block.data.block, index, uncle)]);
  return { found: true, uncle, including: block.data, index, answers };
}
