/**
 * What the error page says, by the route that failed: one root error boundary (app/error.tsx)
 * words it for the block, transaction and chain pages. They had an error.tsx each, every one a
 * client chunk (about 1.6 KB gzipped) downloaded with every page of its route; with
 * no layout below the root one, the root boundary shows the same thing in the same place. The
 * route is the route table's match of the path (lib/routes/match.ts), worded by its resolver's name.
 */
import { matchRoute } from '@/lib/routes/match';
import type { ResolverName } from '@/lib/routes/table';

export interface ErrorWording {
  readonly title: string;
  readonly message: string;
}

const BLOCK: ErrorWording = {
  title: 'This block could not be loaded',
  message: 'The explorer hit an error while reading this block from the node. Retrying asks the node again.',
};

const BY_RESOLVER: Partial<Record<ResolverName, ErrorWording>> = {
  tx: {
    title: 'This transaction could not be loaded',
    message: 'The explorer hit an error while asking the zones for this transaction. Retrying asks them again.',
  },
  'any-chain-block': BLOCK,
  block: BLOCK,
  // A transaction or uncle by its block: the block is what is read first.
  'tx-in-block': BLOCK,
  uncle: BLOCK,
  chain: {
    title: 'This chain could not be loaded',
    message: "The explorer hit an error while reading the chain's newest blocks. Retrying asks the node again.",
  },
};

const PAGE: ErrorWording = {
  title: 'This page could not be loaded',
  message: 'The explorer hit an error while reading from the node. It may be temporary: retrying asks the node again.',
};

export function errorWording(pathname: string): ErrorWording {
  const resolver = matchRoute(pathname)?.route.resolver as ResolverName | undefined;
  return (resolver && BY_RESOLVER[resolver]) ?? PAGE;
}
