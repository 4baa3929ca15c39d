/** The further facts under an error or not-found message (what was asked, which chain); nothing when there are none. */
export function DetailList({ details }: { details?: readonly string[] }) {
  if (!details || details.length === 0) return null;
  return (
    <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
      {details.map((d) => (
        <li key={d}>{d}</li>
      ))}
    </ul>
  );
}
