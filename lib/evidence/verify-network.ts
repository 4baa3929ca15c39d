/**
 * Which network's rules the bundle is checked by. The bundle names a chain id; the rules for it
 * (difficulty, clock drift, header layout, how creations are addressed) come from the verifier's
 * own table (lib/protocol/network-rules.ts), or from the reader (`--chain-id`, or the rules of a
 * devnet they started themselves), never from the bundle. A bundle of a chain id the reader did
 * not ask for fails; one of a chain id nobody knows is checked for everything but what needs the
 * network's rules, and says so.
 */
import { formatInteger } from '@/lib/text/format';
import { describeRule } from '@/lib/protocol/difficulty';
import { rulesOfChainId, type NetworkRules } from '@/lib/protocol/network-rules';
import type { ReadBundle } from './read-bundle';
import { allOf, unchecked, type Condition, type EvidenceCheck } from './report';

export interface NetworkOptions {
  /** The network the reader means: the bundle must claim it. */
  readonly chainId?: bigint;
  /** Rules the reader knows for it (a devnet started with another block time); default: the verifier's table. */
  readonly rules?: NetworkRules;
}

export interface NetworkFacts {
  readonly chainId: bigint;
  /** Undefined: no rules known for this chain id. */
  readonly rules: NetworkRules | undefined;
  /** Where the chain id came from. */
  readonly from: 'reader' | 'bundle';
}

export function networkFacts(bundle: ReadBundle, options: NetworkOptions): NetworkFacts {
  const asked = options.rules?.chainId ?? options.chainId;
  const chainId = asked ?? bundle.chainId;
  return { chainId, rules: options.rules ?? rulesOfChainId(chainId), from: asked === undefined ? 'bundle' : 'reader' };
}

export const networkName = (net: NetworkFacts) => `chain id ${net.chainId}${net.rules ? ` (${net.rules.label})` : ''}`;

export function checkNetwork(bundle: ReadBundle, net: NetworkFacts): EvidenceCheck {
  const conditions: Condition[] = [
    {
      ok: bundle.chainId === net.chainId,
      expected: `a bundle of ${networkName(net)}, the network you asked for`,
      found: `the bundle says chain id ${bundle.chainId}`,
    },
  ];
  const tx = bundle.transaction;
  if (tx && tx.chainId !== null) {
    conditions.push({
      ok: tx.chainId === bundle.chainId,
      expected: `the transaction signed for chain id ${bundle.chainId}`,
      found: `its chain id is ${tx.chainId}`,
      detail: 'A transaction signed for another network cannot be in a block of this one.',
    });
  }
  const broken = conditions.find((c) => !c.ok);
  if (broken || net.rules) {
    const rules = net.rules;
    return allOf('network', conditions, {
      expected: `${networkName(net)}, ${net.from === 'reader' ? 'as you asked' : 'as the bundle says (pass the chain id you expect to insist on it)'}`,
      found: rules ? `rules known: difficulty ${describeRule(rules.difficulty)}; blocks every ${formatInteger(BigInt(rules.blockTimeMs))} ms` : '',
      detail: 'The network\'s rules come from this verifier\'s own table (or from you), never from the bundle.',
    });
  }
  return unchecked(
    'network',
    `Chain id ${net.chainId} is not a network this verifier knows: the difficulty each header must have, and how a creation is addressed, cannot be checked. ` +
      'Everything else is checked as for any network.',
    `chain id ${net.chainId}`,
  );
}
