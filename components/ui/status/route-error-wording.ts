/**
 * What the error page says, by the path that failed: one root error boundary (app/error.tsx)
 * words it for the block, transaction and chain pages. They had an error.tsx each, every one a
 * client chunk (about 1.6 KB gzipped) downloaded with every page of its route; with
 * no layout below the root one, the root boundary shows the same thing in the same place.
 */
export interface ErrorWording {
  readonly title: string;
  readonly message: string;
}

const BLOCK: ErrorWording = {
  title: 'This block could not be loaded',
  message: 'The explorer hit an error while reading this block from the node. Retrying asks the node again.',
};

export function errorWording(pathname: string): ErrorWording {
  const [, first, second, third] = pathname.split('/');
  if (first === 'tx' && second) {
    return {
      title: 'This transaction could not be loaded',
      message: 'The explorer hit an error while asking the zones for this transaction. Retrying asks them again.',
    };
  }
  if (first === 'block' && second) return BLOCK;
  if (first === 'chain' && second && third === 'block') return BLOCK;
  if (first === 'chain' && second && third === undefined) {
    return {
      title: 'This chain could not be loaded',
      message: "The explorer hit an error while reading the chain's newest blocks. Retrying asks the node again.",
    };
  }
  return {
    title: 'This page could not be loaded',
    message: 'The explorer hit an error while reading from the node. It may be temporary: retrying asks the node again.',
  };
}
