/**
 * The header search: a plain GET form to /search?q=, so it works without JavaScript.
 */
export function SearchBox({ defaultValue = '', autoFocus = false }: { defaultValue?: string; autoFocus?: boolean }) {
  return (
    <form action="/search" method="get" role="search" className="flex w-full min-w-0 gap-2">
      <label htmlFor={autoFocus ? 'search-main' : 'search-header'} className="sr-only">
        Search by block number, block or transaction hash, address or chain name
      </label>
      <input
        id={autoFocus ? 'search-main' : 'search-header'}
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
