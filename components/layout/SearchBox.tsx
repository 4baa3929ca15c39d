/**
 * The search form: a plain GET form to /search?q=, so it works without JavaScript. The header
 * has one on every page and some pages (search, not found) a second, so each is a search
 * landmark of its own name and its field an id of its own.
 */
export function SearchBox({
  defaultValue = '',
  autoFocus = false,
  where = 'page',
}: {
  defaultValue?: string;
  autoFocus?: boolean;
  /** The header's form or the page's own. */
  where?: 'header' | 'page';
}) {
  const id = `search-${where}`;
  return (
    <form action="/search" method="get" role="search" aria-label={where === 'header' ? 'Site search' : 'Search'} className="flex w-full min-w-0 gap-2">
      <label htmlFor={id} className="sr-only">
        Search by block number, block or transaction hash, address or chain name
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        autoFocus={autoFocus}
        required
        spellCheck={false}
        autoComplete="off"
        placeholder="Block, hash, address or chain"
        className="h-9 w-full min-w-0 rounded-md border border-border bg-surface px-3 font-mono text-sm text-fg placeholder:font-sans placeholder:text-muted"
      />
      <button
        type="submit"
        className="h-9 shrink-0 rounded-md bg-accent px-3 text-sm font-medium text-accent-fg hover:opacity-90"
      >
        Search
      </button>
    </form>
  );
}
