import type { Metadata } from 'next';
import { SearchBox } from '@/components/layout/SearchBox';
import { HashResults } from '@/components/search/HashResults';
import { HeightResults } from '@/components/search/HeightResults';
import { SearchMiss } from '@/components/search/SearchMiss';
import { SuggestionGroups } from '@/components/search/SuggestionGroups';
import { ChainText } from '@/components/ui/values/ChainText';
import { resolveSearch } from '@/lib/server/search/resolve-search';
import { routeData } from '@/lib/server/pipeline/route-data';

export const metadata: Metadata = { title: 'Search' };
export const dynamic = 'force-dynamic';

/**
 * GET /search?q= — works without JavaScript (the header box is a plain form). A single hit
 * redirects to it (another explorer's link to ours); several hits are listed, names in groups; a
 * miss says exactly what was tried where (lib/server/search/resolve-search.ts).
 */
export default async function SearchPage() {
  const { text, result } = await routeData(resolveSearch);
  switch (result.kind) {
    case 'empty':
      return (
        <SearchLayout text="">
          <p className="text-sm text-muted">
            Search by a token&apos;s name or symbol, a verified contract&apos;s name, a label, a block number, a block or transaction hash, an
            address, a chain name (e.g. “cyprus1”), or paste another explorer&apos;s link to a transaction, block or address.
          </p>
        </SearchLayout>
      );
    case 'chain-not-served':
      return (
        <SearchLayout text={text}>
          <SearchMiss title={`${result.chain} is not served here`} lines={[`This explorer is configured for ${result.served.join(', ') || 'no chains'}.`]} />
        </SearchLayout>
      );
    case 'names':
      return (
        <SearchLayout text={text}>
          {result.items.length === 0 ? (
            <SearchMiss
              title="Nothing by that name"
              lines={[
                'Looked for tokens by name and symbol, verified contracts by name, the operator\'s labels and chains.',
                ...result.notes,
                'Search also takes a block number, a block or transaction hash, an address, or another explorer\'s link to one.',
              ]}
            />
          ) : (
            <SuggestionGroups items={result.items} />
          )}
        </SearchLayout>
      );
    case 'unknown':
      return (
        <SearchLayout text={text}>
          <SearchMiss title="Nothing to look up" lines={[result.reason]} />
        </SearchLayout>
      );
    case 'height':
      return (
        <SearchLayout text={text}>
          <HeightResults height={result.height} lookup={result.lookup} />
        </SearchLayout>
      );
    case 'hash':
      return (
        <SearchLayout text={text}>
          {result.lookup.blocks.length + result.lookup.transactions.length === 0 ? (
            <SearchMiss title="No block or transaction has this hash" lines={result.miss} />
          ) : (
            <HashResults hash={result.hash} lookup={result.lookup} />
          )}
        </SearchLayout>
      );
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
