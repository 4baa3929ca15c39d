/**
 * The resolvers of the operator's labels (lib/routes/resolver.ts, STRATA_LABELS): the `/labels`
 * page's search through them (`?q=`, `?page=`) and `GET /api/labels?addresses=`, the labels of the
 * addresses a page shows (a POST with the addresses in its body is answered per request).
 */
import { parseLookupAddresses, type LabelLookup } from '@/lib/search/labels/label-lookup';
import { parseLabelsSearch } from '@/lib/routes/params/labels-params';
import { answered, found, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { operatorLabels, operatorLabelsFor } from './operator-labels';
import { searchOperatorLabels, type OperatorLabelPage } from './search-operator-labels';

export const resolveLabels: Resolver<{ readonly result: OperatorLabelPage; readonly fileSize: number }> = async ({ query }) => {
  const { q, page } = parseLabelsSearch({ q: query.get('q') ?? undefined, page: query.get('page') ?? undefined });
  return found({ result: searchOperatorLabels(q, page), fileSize: operatorLabels().length });
};

export const resolveLabelsApi: Resolver<JsonAnswer> = async ({ query }) => {
  const parsed = parseLookupAddresses(query.get('addresses'));
  if (!parsed.ok) return answered({ status: 400, body: { error: parsed.error }, headers: { 'Cache-Control': 'no-store' } });
  const body: LabelLookup = { labels: operatorLabelsFor(parsed.addresses) };
  // The labels are read once per server process: a minute in the browser's cache is safe.
  return answered({ status: 200, body, headers: { 'Cache-Control': 'public, max-age=60' } });
};
