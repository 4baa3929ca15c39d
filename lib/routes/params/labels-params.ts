/**
 * /labels?q=<text>&page=<n>: the search through the operator's labels and its page. Lenient: a
 * page that is not a positive number is the first, a long query is cut (the URL guard already
 * bounds the query string).
 */
export const MAX_LABEL_QUERY = 100;

export interface LabelsSearch {
  readonly q: string;
  readonly page: number;
}

type Params = Readonly<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export function parseLabelsSearch(params: Params): LabelsSearch {
  const page = Number(first(params.page));
  return { q: first(params.q).trim().slice(0, MAX_LABEL_QUERY), page: Number.isSafeInteger(page) && page > 0 ? page : 1 };
}
