/**
 * The resolvers of Sourcify's checks (lib/routes/resolver.ts): `/sourcify/check-all-by-addresses`
 * and the older `/sourcify/check-by-addresses` (one status per address), each address's match on
 * this chain, from the verification store (./sourcify-api.ts). `POST /sourcify` is a command and
 * has none.
 */
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { networkChainId } from './network-chain-id';
import { sourcifyCheck } from './sourcify-api';

function checkResolver(all: boolean): Resolver<JsonAnswer> {
  return async ({ query }) => {
    const answer = await sourcifyCheck(query, { chainId: networkChainId }, all);
    return answered({ status: answer.status, body: answer.body, headers: { 'Cache-Control': 'no-store' } });
  };
}

export const resolveSourcifyCheckAll = checkResolver(true);
export const resolveSourcifyCheck = checkResolver(false);
