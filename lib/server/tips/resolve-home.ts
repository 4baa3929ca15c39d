/**
 * The resolver of the home page `/` (lib/routes/resolver.ts): every configured chain's tip, the
 * newest blocks across zones and their transactions — the tips snapshot /api/tips serves
 * (./tips-source.ts), kept per snapshot.
 */
import { found, type Resolver } from '@/lib/routes/resolver';
import type { TipsSnapshot } from '@/lib/tips/tips-types';
import { getTips } from './tips-source';

export const resolveHome: Resolver<TipsSnapshot> = async () => found(await getTips());
