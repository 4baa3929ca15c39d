/**
 * The status document proxy.ts sends for a route whose resolver found nothing to draw
 * (lib/routes/resolver.ts), before the page streams, so the status is real and the page says why
 * without JavaScript:
 *
 *   missing      404, its title and reason and what was asked
 *   unreadable   502 naming the chain, the method and the field (lib/rpc/unreadable.ts)
 *   node-down    503 naming the chains that did not answer, with a retry; nothing is cached from it
 */
import { describeUnreadable } from '@/lib/rpc/unreadable';
import type { Failure } from '@/lib/routes/resolver';
import { decodeLenient } from '@/lib/text/url-decode';
import type { StatusPageOptions } from './status-page';

/** The page for `verdict` of the route at `pathname` (as received), and its extra headers. */
export function verdictPage(verdict: Failure, pathname: string): { readonly page: StatusPageOptions; readonly headers: Record<string, string> } {
  const asked = `Requested path: ${decodeLenient(pathname)}`;
  switch (verdict.kind) {
    case 'missing':
      return { page: { status: 404, title: verdict.title, message: verdict.reason, details: [...(verdict.details ?? []), asked] }, headers: {} };
    case 'unreadable':
      return {
        page: {
          status: 502,
          title: 'The node’s answer could not be read',
          message: `The ${verdict.answer.chain} node answered ${verdict.answer.method ?? 'a request'} with something the explorer cannot read, so it shows nothing rather than guess. Retrying asks the node again.`,
          details: [...describeUnreadable(verdict.answer), asked],
          retry: { refreshSeconds: 30 },
        },
        headers: {},
      };
    case 'node-down': {
      const chains = verdict.chains.join(', ');
      const node = verdict.chains.length === 1 ? `The ${chains} node` : `The nodes of ${chains}`;
      return {
        page: {
          status: 503,
          title: `${node} is not answering`,
          message: `${node} did not answer the explorer's lookup for this page, so there is nothing to show yet. Nothing is wrong with the address you asked for, and nothing is cached from the failure: it works again as soon as the node answers.`,
          details: [`The explorer’s attempt: ${verdict.reason}`, asked],
          retry: { refreshSeconds: 10 },
        },
        headers: { 'Retry-After': '5' },
      };
    }
  }
}
