/**
 * The resolver of `/hierarchy` (lib/routes/resolver.ts): the blocks of the event stream's recent
 * past and the position they end at (./load-hierarchy.ts), so the page's stream goes on from there.
 */
import { found, type Resolver } from '@/lib/routes/resolver';
import { loadHierarchy, type HierarchyData } from './load-hierarchy';

export const resolveHierarchy: Resolver<HierarchyData> = async () => found(await loadHierarchy());
