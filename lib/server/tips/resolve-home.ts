/**
 * The resolvers of the tips (lib/routes/resolver.ts): the home page `/` (every configured chain's
 * tip, the newest blocks across zones and their transactions, kept per snapshot) and `/api/tips`,
 * which pages poll — both the one snapshot ./tips-source.ts reads.
 */
import { answered, found, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { describeFailure } from '@/lib/server/node/node-errors';
import type { TipsSnapshot } from '@/lib/network/tips-types';
import { isAllChainsDown } from './tips';
import { getTips } from './tips-source';

export const resolveHome: Resolver<TipsSnapshot> = async () => found(await getTips());

export const resolveTipsApi: Resolver<JsonAnswer> = async () => {
  try {
    return answered({ status: 200, body: await getTips(), headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    const down = isAllChainsDown(error);
    return answered({
      status: down ? 503 : 500,
      body: { error: describeFailure(down ? error.firstCause : error) },
      headers: { 'Cache-Control': 'no-store', ...(down ? { 'Retry-After': '5' } : {}) },
    });
  }
};
