/**
 * URL parameter checks that proxy.ts runs before any page renders, so a malformed id is answered
 * with a real HTTP 404 (and a reason) even on routes that stream. Format only — whether a valid
 * hash exists is the page's question (see ./README in health.ts for the whole 404/503 pattern).
 */
import { getChain, isChainName } from '@/lib/chains';
import { decodeLenient } from '@/lib/url-decode';

export interface InvalidPath {
  /** What was wrong, for the reader: "… is not a transaction hash: …". */
  readonly reason: string;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DECIMAL = /^\d{1,20}$/;
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;
const TAGS = new Set(['latest', 'earliest', 'pending']);

function describeHex(value: string): string {
  const hex = value.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) return 'it contains characters that are not hex digits';
  return `it has ${hex.length} hex digits`;
}

function blockIdProblem(id: string): string | undefined {
  if (HASH.test(id) || DECIMAL.test(id) || HEX_QUANTITY.test(id) || TAGS.has(id)) return undefined;
  if (/^0x/i.test(id)) {
    return `“${id}” is not a block hash (64 hex digits after 0x) or a block number: ${describeHex(id)}.`;
  }
  return `“${id}” is not a block number or a block hash.`;
}

function indexProblem(what: string, value: string): string | undefined {
  return /^\d{1,6}$/.test(value) ? undefined : `“${value}” is not ${what} index (a small non-negative integer).`;
}

function chainProblem(name: string, zoneOnly = false): string | undefined {
  if (!isChainName(name)) {
    return `There is no chain called “${name}”. Chains are prime, the regions cyprus, paxos, hydra and the zones cyprus1 … hydra3.`;
  }
  if (zoneOnly && getChain(name).level !== 2) return `${getChain(name).label} is not a zone: only zones have a transaction pool.`;
  return undefined;
}

/** The reason a path cannot name anything, or undefined when its parameters are well formed. */
export function validatePath(pathname: string): InvalidPath | undefined {
  const parts = pathname.split('/').filter((p) => p !== '').map(decodeLenient);
  const [root, a, b, c, d, e] = parts;
  let reason: string | undefined;
  switch (root) {
    case 'tx':
      if (a !== undefined && !HASH.test(a)) {
        reason = `“${a}” is not a transaction hash: a transaction hash is 0x followed by 64 hex digits, and ${describeHex(a)}.`;
      }
      break;
    case 'address':
    case 'token':
      if (a !== undefined && !ADDRESS.test(a)) {
        reason = `“${a}” is not an address: an address is 0x followed by 40 hex digits, and ${describeHex(a)}.`;
      }
      break;
    case 'block':
      if (a !== undefined) reason = blockIdProblem(a);
      break;
    case 'txpool':
      if (a !== undefined) reason = chainProblem(a, true);
      break;
    case 'fees':
      if (a !== undefined) reason = chainProblem(a);
      break;
    case 'chain':
      if (a !== undefined) reason = chainProblem(a);
      if (!reason && b === 'block' && c !== undefined) reason = blockIdProblem(c);
      if (!reason && d === 'uncle' && e !== undefined) reason = indexProblem('an uncle', e);
      if (!reason && d === 'tx' && e !== undefined) reason = indexProblem('a transaction', e);
      break;
    default:
      break;
  }
  return reason ? { reason } : undefined;
}
