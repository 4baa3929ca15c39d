/** A search that found nothing, with exactly what was tried. */
export function SearchMiss({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <section className="card p-5" data-testid="search-miss">
      <h2 className="font-semibold">{title}</h2>
      <ul className="mt-2 space-y-1 text-sm text-muted">
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  );
}
