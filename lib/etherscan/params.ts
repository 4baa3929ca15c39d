/**
 * The parameter kinds of ./action.ts: what each accepts (checked before a handler runs, so a bad
 * value is a 400 NOTOK naming the parameter) and the typed readers the handlers use after that.
 */
import { isAddress, type Address, type Hash, type Hex } from 'viem';
import type { BlockTag } from '@/lib/rpc/domain';
import type { ParamKind, ParamSpec } from './action';

/** balancemulti's limit, as Etherscan's. */
export const MAX_ADDRESSES = 20;

const HASH = /^0x[0-9a-fA-F]{64}$/;
const HEX = /^0x([0-9a-fA-F]{2})*$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const DECIMAL = /^\d{1,78}$/;
const TAGS = ['latest', 'earliest', 'pending'];

function addressList(raw: string): string[] {
  return raw.split(',').map((a) => a.trim());
}

/** Why `raw` is not a value of `kind`, or undefined when it is. */
export function kindProblem(kind: ParamKind, raw: string): string | undefined {
  if (typeof kind === 'object') return kind.oneOf.includes(raw) ? undefined : `must be one of ${kind.oneOf.join(', ')}`;
  switch (kind) {
    case 'address':
      return isAddress(raw, { strict: false }) ? undefined : 'must be a 0x address of 20 bytes';
    case 'addresses': {
      const list = addressList(raw);
      if (list.length > MAX_ADDRESSES) return `names at most ${MAX_ADDRESSES} addresses (got ${list.length})`;
      const badOne = list.find((a) => !isAddress(a, { strict: false }));
      return badOne === undefined ? undefined : `holds "${badOne.slice(0, 50)}", which is not an address`;
    }
    case 'hash':
      return HASH.test(raw) ? undefined : 'must be a 0x hash of 32 bytes';
    case 'tag':
      return TAGS.includes(raw) || QUANTITY.test(raw) || /^\d{1,18}$/.test(raw) ? undefined : 'must be latest, earliest, pending or a block number (0x hex or decimal)';
    case 'hex':
      return HEX.test(raw) ? undefined : 'must be 0x hex of whole bytes';
    case 'quantity':
      return QUANTITY.test(raw) ? undefined : 'must be a 0x hex number';
    case 'number':
      return QUANTITY.test(raw) || DECIMAL.test(raw) ? undefined : 'must be a number, in 0x hex or decimal';
    case 'decimal':
      return DECIMAL.test(raw) ? undefined : 'must be a whole number in decimal digits';
    case 'timestamp':
      return /^\d{1,12}$/.test(raw) ? undefined : 'must be a Unix time in seconds';
    case 'boolean':
      return raw === 'true' || raw === 'false' ? undefined : 'must be true or false';
    case 'text':
      return undefined;
  }
}

/** The first declared parameter that is missing or malformed, as a NOTOK message. */
export function paramsProblem(specs: readonly ParamSpec[], params: URLSearchParams): string | undefined {
  for (const spec of specs) {
    const raw = params.get(spec.name)?.trim();
    if (raw === undefined || raw === '') {
      if (spec.required) return `Missing parameter ${spec.name}`;
      continue;
    }
    const problem = kindProblem(spec.kind, raw);
    if (problem) return `Invalid parameter ${spec.name}: ${problem}`;
  }
  return undefined;
}

/** A present, already checked parameter (trimmed); undefined when absent or empty. */
export function param(params: URLSearchParams, name: string): string | undefined {
  const raw = params.get(name)?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

export const addressParam = (params: URLSearchParams, name: string): Address | undefined => param(params, name)?.toLowerCase() as Address | undefined;
export const hashParam = (params: URLSearchParams, name: string): Hash | undefined => param(params, name)?.toLowerCase() as Hash | undefined;
export const hexParam = (params: URLSearchParams, name: string): Hex | undefined => param(params, name) as Hex | undefined;
export const addressesParam = (params: URLSearchParams, name: string): Address[] =>
  addressList(param(params, name) ?? '').filter((a) => a !== '').map((a) => a.toLowerCase() as Address);

/** A checked `tag`: a named tag, or a block number written in hex or decimal. */
export function tagParam(params: URLSearchParams, name = 'tag', fallback: BlockTag = 'latest'): BlockTag {
  const raw = param(params, name);
  if (raw === undefined) return fallback;
  if (raw === 'latest' || raw === 'earliest' || raw === 'pending') return raw;
  return BigInt(raw);
}

export function bigintParam(params: URLSearchParams, name: string): bigint | undefined {
  const raw = param(params, name);
  return raw === undefined ? undefined : BigInt(raw);
}
