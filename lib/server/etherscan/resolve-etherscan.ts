/**
 * The resolver of Etherscan's `/api` and a zone's `/chain/<zone>/api` (lib/routes/resolver.ts), for
 * a GET (a POST is answered per request, lib/etherscan/dispatch.ts): the action the query names,
 * answered in Etherscan's envelope, and what the page cache needs of it — whether it may be kept
 * (the action's word, lib/etherscan/envelope.ts: never a failure, and for good only what was
 * found), and for an action kept once final (its file says `when-final`) whether it is: what it
 * names, a transaction (`txhash`) once its block is STRATA_FINALITY_DEPTH deep, a height (`tag`,
 * read as the block pages read one; `latest` and `pending` never are) once the zone asked is
 * that far past it.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { EtherscanAnswer } from '@/lib/etherscan/envelope';
import { answerEtherscanParams } from '@/lib/etherscan/dispatch';
import { findEtherscanAction } from '@/lib/etherscan/registry';
import { parseBlockRef, parseTxHash } from '@/lib/routes/params/block-id';
import { answered, type Resolver } from '@/lib/routes/resolver';
import { finalityDepth } from '@/lib/server/node/finality-depth';
import { heightFinal } from '@/lib/server/tips/height-final';
import { lookupTxByHash } from '@/lib/server/tx/load-tx';
import { processEtherscanContext } from './context';

/** The parameters a when-final action must name one of (lib/server/page-cache/plan.test.ts checks the registry). */
export const FINALITY_PARAMS: readonly string[] = ['txhash', 'tag'];

/** Whether what `query` names is final, on `zone` (the path's or `chain=`). */
async function namedFinal(query: URLSearchParams, zone: string | null): Promise<boolean> {
  const txhash = query.get('txhash');
  if (txhash !== null) {
    const hash = parseTxHash(txhash);
    const found = hash.ok ? await lookupTxByHash(hash.value).catch(() => undefined) : undefined;
    if (!found?.found || found.data.tx.blockNumber === null) return false;
    return found.data.tip - found.data.tx.blockNumber >= finalityDepth();
  }
  const tag = parseBlockRef(query.get('tag') ?? '');
  if (!tag.ok || tag.value.kind !== 'number' || zone === null) return false;
  return heightFinal(tag.value.number, [zone as ChainName]);
}

export const resolveEtherscan: Resolver<EtherscanAnswer> = async ({ params, query, client }) => {
  const answer = await answerEtherscanParams('GET', query, client, processEtherscanContext(), params.chain);
  const policy = findEtherscanAction(query)?.cache ?? 'none';
  const forGood = policy === 'immutable' || policy === 'when-final';
  const keep = answer.keep === 'found' || (answer.keep === 'empty' && !forGood);
  const final = policy === 'when-final' && keep ? await namedFinal(query, params.chain ?? query.get('chain')) : undefined;
  return answered(answer, final === undefined ? { keep } : { keep, final });
};
