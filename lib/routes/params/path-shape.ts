/**
 * The shape of a URL's path parameters, checked by proxy.ts before any page renders so that a
 * malformed one is a real 404 naming the bad part. Format only: whether a well-formed hash exists
 * is the node's question (each route's resolver, lib/routes/resolver.ts), and whether a chain is served
 * is the configuration's (parseChain in ./block-id.ts).
 *
 * Each check returns the reason for the reader, or undefined when the value is well formed. The
 * value arrives percent-decoded (lib/routes/validate.ts decodes each segment once).
 */
import { getChain, isChainName } from '@/lib/protocol/chains';

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DECIMAL = /^\d{1,20}$/;
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;
const TAGS = new Set(['latest', 'earliest', 'pending']);

export type ShapeCheck = (value: string) => string | undefined;

function describeHex(value: string): string {
  const hex = value.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) return 'it contains characters that are not hex digits';
  return `it has ${hex.length} hex digits`;
}

export const txHashProblem: ShapeCheck = (value) =>
  HASH.test(value) ? undefined : `“${value}” is not a transaction hash: a transaction hash is 0x followed by 64 hex digits, and ${describeHex(value)}.`;

export const addressProblem: ShapeCheck = (value) =>
  ADDRESS.test(value) ? undefined : `“${value}” is not an address: an address is 0x followed by 40 hex digits, and ${describeHex(value)}.`;

/** A block number (decimal or 0x hex), a block hash, or a tag (latest, earliest, pending). */
export const blockIdProblem: ShapeCheck = (id) => {
  if (HASH.test(id) || DECIMAL.test(id) || HEX_QUANTITY.test(id) || TAGS.has(id)) return undefined;
  if (/^0x/i.test(id)) {
    return `“${id}” is not a block hash (64 hex digits after 0x) or a block number: ${describeHex(id)}.`;
  }
  return `“${id}” is not a block number or a block hash.`;
};

function indexProblem(what: string): ShapeCheck {
  return (value) => (/^\d{1,6}$/.test(value) ? undefined : `“${value}” is not ${what} index (a small non-negative integer).`);
}

export const txIndexProblem: ShapeCheck = indexProblem('a transaction');
export const uncleIndexProblem: ShapeCheck = indexProblem('an uncle');

/** A chain of the registry (configured or not: that is the page's 404, which names it). */
export const chainProblem: ShapeCheck = (name) =>
  isChainName(name)
    ? undefined
    : `There is no chain called “${name}”. Chains are prime, the regions cyprus, paxos, hydra and the zones cyprus1 … hydra3.`;

/** A zone of the registry: only zones have a transaction pool. */
export const zoneProblem: ShapeCheck = (name) => {
  const problem = chainProblem(name);
  if (problem !== undefined || !isChainName(name)) return problem;
  return getChain(name).level !== 2 ? `${getChain(name).label} is not a zone: only zones have a transaction pool.` : undefined;
};

/** A block number in decimal, as the countdown's path takes it (`/block/countdown/<number>`). */
export const blockNumberProblem: ShapeCheck = (value) =>
  DECIMAL.test(value) ? undefined : `“${value}” is not a block number: the countdown takes a block number in decimal digits.`;

/** A transaction nonce in decimal (`/address/<address>/nonce/<n>`). */
export const nonceProblem: ShapeCheck = (value) =>
  DECIMAL.test(value) ? undefined : `“${value}” is not a nonce: a nonce is a whole number in decimal digits.`;
