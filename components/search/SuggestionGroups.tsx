import Link from 'next/link';
import { ChainText } from '@/components/ui/values/ChainText';
import { groupSuggestions, type Suggestion } from '@/lib/search/suggestion';

/**
 * The /search page's results for a name: the suggestions the header lists, more of each, in their
 * groups (tokens, verified contracts, labels, chains), each a link to its page.
 */
export function SuggestionGroups({ items }: { items: readonly Suggestion[] }) {
  return (
    <div className="space-y-4" data-testid="search-groups">
      {groupSuggestions(items).map((group) => (
        <section key={group.kind} className="card overflow-hidden" aria-labelledby={`search-group-${group.kind}`} data-kind={group.kind}>
          <h2 id={`search-group-${group.kind}`} className="border-b border-border px-4 py-2 text-sm font-semibold">
            {group.label} <span className="font-normal text-muted">({group.items.length})</span>
          </h2>
          <ul className="divide-y divide-border">
            {group.items.map((item) => (
              <li key={item.url} className="px-4 py-2 text-sm">
                <Link href={item.url} prefetch={false} className={item.title.startsWith('0x') ? 'break-all font-mono' : 'font-medium'}>
                  <ChainText text={item.title} />
                </Link>
                {item.detail ? <span className="block text-xs text-muted">{item.detail}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
