/**
 * The first stop of the keyboard on every page: past the header's links and search to the page
 * itself (the layout's <main id="content">). Hidden until focused.
 */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="sr-only rounded-md bg-surface px-3 py-2 text-sm font-medium text-fg shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50"
    >
      Skip to content
    </a>
  );
}
