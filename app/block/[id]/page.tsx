import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { AnyChainList } from '@/components/block/AnyChainList';
import { parseBlockRef } from '@/lib/routes/params/block-id';
import { configuredChains } from '@/lib/server/node/clients';
import { lookupAnyChain } from '@/lib/server/block/load-any-chain';
import { urls } from '@/lib/routes/urls';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Block ${id}` };
}

/**
 * EIP-3091 `/block/<number or hash>`. One match (or one configured chain) redirects to the
 * chain's block page; several are listed. No loading.tsx here: the redirect must be decided
 * before anything streams to be a real HTTP redirect.
 */
export default async function BlockAnyChainPage({ params }: { params: Params }) {
  const { id } = await params;
  const ref = parseBlockRef(id);
  if (!ref.ok) notFound();
  const chains = configuredChains();
  const only = chains.length === 1 ? chains[0] : undefined;
  if (only && ref.value.kind === 'number') redirect(urls.block(only.name, ref.value.number));

  const result = await lookupAnyChain(ref.value);
  const single = result.found.length === 1 ? result.found[0] : undefined;
  if (single && result.failures.length === 0) {
    // To what was asked, not to what the node answered: the chain's page then checks the answer again.
    redirect(urls.block(single.chain.name, ref.value.kind === 'hash' ? ref.value.hash : ref.value.number));
  }
  if (result.found.length === 0) {
    if (result.failures.length > 0) throw new Error(`Could not ask every chain: ${result.failures.map((f) => `${f.chain.label}: ${f.error}`).join('; ')}`);
    notFound();
  }
  return <AnyChainList result={result} />;
}
