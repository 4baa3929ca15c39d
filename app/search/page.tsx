import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SearchBox } from '@/components/layout/SearchBox';
import { HashResults } from '@/components/search/HashResults';
import { HeightResults } from '@/components/search/HeightResults';
import { SearchMiss } from '@/components/search/SearchMiss';
import { SuggestionGroups } from '@/components/search/SuggestionGroups';
import { RESULTS_PER_GROUP, suggestionsFor } from '@/lib/server/search/suggest';
import { foreignSuggestion } from '@/lib/server/search/entity-suggestions';
import { ChainText } from '@/components/ui/values/ChainText';
import { configuredClients } from '@/lib/server/node/clients';
import { blocksAtHeight, findByHash } from '@/lib/server/node/lookup';
import { parseSearchQuery } from '@/lib/search/search-query';
import { urls } from '@/lib/routes/urls';
import { describeHashMiss } from '@/lib/search/search-describe';

export const metadata: Metadata = { title: 'Search' };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * GET /search?q= — works without JavaScript (the header box is a plain form). A single hit
 * redirects to it (another explorer's link to ours); several hits are listed, names in groups
 * (lib/server/search/suggest.ts); a miss says exactly what was tried where.
 */
export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const { q } = await searchParams;
  const query = parseSearchQuery(q);
  const text = (Array.isArray(q) ? q[0] : q)?.trim() ?? '';
  const clients = configuredClients();

  switch (query.kind) {
    case 'empty':
      return (
        <SearchLayout text="">
          <p className="text-sm text-muted">
            Search by a token&apos;s name or symbol, a verified contract&apos;s name, a label, a block number, a block or transaction hash, an
            address, a chain name (e.g. “cyprus1”), or paste another explorer&apos;s link to a transaction, block or address.
          </p>
        </SearchLayout>
      );
    case 'chain': {
      if (clients.some((c) => c.chain.name === query.chain)) redirect(urls.chain(query.chain));
      return (
        <SearchLayout text={text}>
          <SearchMiss
            title={`${query.chain} is not served here`}
            lines={[`This explorer is configured for ${clients.map((c) => c.chain.name).join(', ') || 'no chains'}.`]}
          />
        </SearchLayout>
      );
    }
    case 'address':
      redirect(urls.address(query.address));
    case 'url':
      // Another explorer's link: this explorer's page of the same thing.
      redirect(foreignSuggestion(query.url).url);
    case 'name': {
      const found = await suggestionsFor(text, query, RESULTS_PER_GROUP);
      const only = found.items.length === 1 ? found.items[0] : undefined;
      if (only) redirect(only.url);
      return (
        <SearchLayout text={text}>
          {found.items.length === 0 ? (
            <SearchMiss
              title="Nothing by that name"
              lines={[
                'Looked for tokens by name and symbol, verified contracts by name, the operator\'s labels and chains.',
                ...found.notes,
                'Search also takes a block number, a block or transaction hash, an address, or another explorer\'s link to one.',
              ]}
            />
          ) : (
            <SuggestionGroups items={found.items} />
          )}
        </SearchLayout>
      );
    }
    case 'unknown':
      return (
        <SearchLayout text={text}>
          <SearchMiss title="Nothing to look up" lines={[query.reason]} />
        </SearchLayout>
      );
    case 'height': {
      const lookup = await blocksAtHeight(clients, query.height);
      const found = lookup.results.filter((r) => r.block !== null);
      if (clients.length === 1 && found.length === 1 && found[0]) redirect(urls.block(found[0].chain.name, query.height));
      return (
        <SearchLayout text={text}>
          <HeightResults height={query.height} lookup={lookup} />
        </SearchLayout>
      );
    }
    case 'hash': {
      const lookup = await findByHash(clients, query.hash);
      const hits = lookup.blocks.length + lookup.transactions.length;
      if (hits === 1) {
        const block = lookup.blocks[0];
        const tx = lookup.transactions[0];
        if (block) redirect(urls.block(block.chain.name, query.hash));
        if (tx) redirect(urls.tx(query.hash));
      }
      return (
        <SearchLayout text={text}>
          {hits === 0 ? (
            <SearchMiss title="No block or transaction has this hash" lines={describeHashMiss(lookup)} />
          ) : (
            <HashResults hash={query.hash} lookup={lookup} />
          )}
        </SearchLayout>
      );
    }
  }
}

function SearchLayout({ text, children }: { text: string; children: React.ReactNode }) {
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold">Search</h1>
        <div className="max-w-2xl">
          <SearchBox defaultValue={text} autoFocus={text === ''} />
        </div>
        {text ? (
          <p className="text-sm text-muted" data-testid="search-echo">
            {/* The reader's text, drawn as chain text is: isolated, its invisible and direction-changing characters shown. */}
            Results for <ChainText text={text} className="break-all font-mono text-fg" />
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
