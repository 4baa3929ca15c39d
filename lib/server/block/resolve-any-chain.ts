/**
 * The resolver of EIP-3091's `/block/<number or hash>` (lib/routes/resolver.ts): the block on
 * whichever chains have it. One chain (or one configured chain, for a number) redirects to that
 * chain's page; several are listed; none is missing, naming the chains asked and their heads.
 * Final at once by hash (a hash names its chains for good), by height once every chain's block
 * at it is STRATA_FINALITY_DEPTH deep.
 */
import { formatInteger } from '@/lib/text/format';
import { parseBlockRef } from '@/lib/routes/params/block-id';
import { failedLookup, found, missing, redirectTo, type Resolver } from '@/lib/routes/resolver';
import { configuredChains } from '@/lib/server/node/clients';
import { heightFinal } from '@/lib/server/tips/height-final';
import { urls } from '@/lib/routes/urls';
import { lookupAnyChain, type AnyChainResult } from './load-any-chain';

export const resolveAnyChainBlock: Resolver<AnyChainResult> = async ({ params }) => {
  const ref = parseBlockRef(params.id ?? '');
  if (!ref.ok) return missing('Nothing can be at this URL', ref.reason);
  const final = ref.value.kind === 'hash' || (await heightFinal(ref.value.number));
  const chains = configuredChains();
  const only = chains.length === 1 ? chains[0] : undefined;
  if (only && ref.value.kind === 'number') return redirectTo(urls.block(only.name, ref.value.number), { final });

  const result = await lookupAnyChain(ref.value);
  const single = result.found.length === 1 ? result.found[0] : undefined;
  // To what was asked, not to what the node answered: the chain's page then checks the answer again.
  if (single && result.failures.length === 0) return redirectTo(urls.block(single.chain.name, ref.value.kind === 'hash' ? ref.value.hash : ref.value.number), { final });
  if (result.found.length > 0) return found(result, { final });
  const failed = failedLookup(result.failures);
  if (failed) return failed;
  if (result.failures.length > 0) throw new Error(`Could not ask every chain: ${result.failures.map((f) => `${f.chain.label}: ${f.error}`).join('; ')}`);
  return missing(
    'No such block',
    ref.value.kind === 'number' ? `No chain served here has reached height ${formatInteger(ref.value.number)} yet.` : `No chain served here has a block with hash ${ref.value.hash}.`,
    [
      `Asked ${result.asked.length} chain${result.asked.length === 1 ? '' : 's'}: ${result.asked.map((c) => c.label).join(', ')}.`,
      ...result.tips.flatMap((t) => (t.tip === null ? [] : [`${t.chain.label}: newest block ${formatInteger(t.tip)}`])),
    ],
  );
};
