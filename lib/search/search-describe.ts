/** Plain-language accounts of what a search tried, for a miss. */
import type { HashLookup } from './lookup-types';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Looked for a block hash on 13 chains and a transaction hash on 9 zones." plus failures. */
export function describeHashMiss(lookup: HashLookup): string[] {
  const tried = `Looked for a block hash on ${plural(lookup.askedBlockChains, 'chain', 'chains')}${
    lookup.askedTransactionZones > 0
      ? ` and a transaction hash on ${plural(lookup.askedTransactionZones, 'zone', 'zones')}`
      : ' (no zones are configured, so no transaction lookup)'
  }; none has it.`;
  const lines = [tried];
  if (lookup.failures.length > 0) {
    lines.push(
      `${plural(lookup.failures.length, 'chain', 'chains')} could not be asked: ${lookup.failures
        .map((f) => `${f.chain.label} (${f.error})`)
        .join('; ')}. The hash may be there.`,
    );
  }
  lines.push('A transaction still being broadcast may not have reached this node yet.');
  return lines;
}
