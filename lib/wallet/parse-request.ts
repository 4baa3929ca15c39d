/**
 * The body of `POST /api/v1/simulate`, read strictly: `{ "raw": "0x…" }` (a signed transaction, its
 * sender recovered) or `{ "chain", "from", "to", "data", "value", "gas" }` unsigned. Every refusal
 * names the field and what it must be. Pure and browser-safe.
 */
import { isAddress, isHex, type Address, type Hex } from 'viem';
import { CHAINS, zoneOf, type ChainName } from '@/lib/protocol/chains';
import { decodeRaw } from '@/lib/wallet/decode-raw';
import { decodeTransaction } from '@/lib/protocol/transaction';

export interface SimulationRequest {
  readonly zone: ChainName;
  readonly from: Address;
  readonly to: Address | null;
  readonly data: Hex;
  readonly value: bigint;
  /** null: the node's default (the block's gas limit). */
  readonly gas: bigint | null;
  /** The fee cap of a signed transaction (it pays as it would); null for an unsigned one (runs without fees). */
  readonly maxFeePerGas: bigint | null;
  /** A signed transaction's nonce and hash. */
  readonly nonce: bigint | null;
  readonly hash: Hex | null;
  /** What the node would refuse about a signed transaction (chain id, zones); simulated all the same. */
  readonly problems: readonly string[];
}

export type Parsed = { readonly ok: true; readonly request: SimulationRequest } | { readonly ok: false; readonly error: string };

const FIELDS = ['raw', 'chain', 'from', 'to', 'data', 'value', 'gas'];
const MAX_DATA_HEX = 262_144;

const bad = (error: string): Parsed => ({ ok: false, error });

/** A whole number as JSON gives it: a decimal string, a 0x quantity, or a safe integer. */
function amount(value: unknown, name: string): bigint | string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,78}$/.test(value)) return BigInt(value);
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  return `${name} must be a whole number (decimal, or 0x hex)`;
}

const isAddressText = (value: unknown): value is string => typeof value === 'string' && isAddress(value, { strict: false });

async function fromRaw(raw: unknown, zones: readonly ChainName[]): Promise<Parsed> {
  if (typeof raw !== 'string' || raw.length > MAX_DATA_HEX + 1_000) return bad('raw must be a signed transaction as 0x hex (at most 128 KiB)');
  const decoded = await decodeRaw(raw, { configuredZones: zones });
  if (!decoded.ok) return bad(`raw: ${decoded.error}`);
  const tx = decodeTransaction(decoded.raw);
  if (tx.type === 1) return bad('raw: an external transaction (type 1) is made by the protocol; it cannot be sent, so there is nothing to simulate');
  if (!zones.includes(decoded.zone)) return bad(`raw: the sender lives in ${decoded.zoneLabel}, which this explorer does not serve`);
  return {
    ok: true,
    request: {
      zone: decoded.zone, from: decoded.sender.toLowerCase() as Address, to: (tx.to?.toLowerCase() as Address | undefined) ?? null, data: tx.data,
      value: tx.value, gas: tx.gas, maxFeePerGas: tx.gasFeeCap, nonce: tx.nonce, hash: decoded.hash, problems: decoded.problems,
    },
  };
}

/** `zones`: the zones this explorer serves. */
export async function parseSimulationRequest(body: unknown, zones: readonly ChainName[]): Promise<Parsed> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return bad('the body must be a JSON object: { "raw": "0x…" } or { "chain", "from", "to", "data", "value", "gas" }');
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((k) => !FIELDS.includes(k));
  if (unknown.length > 0) return bad(`unknown field ${JSON.stringify(unknown[0]!.slice(0, 40))}: the fields are ${FIELDS.join(', ')}`);
  if (fields.raw !== undefined) {
    const others = Object.keys(fields).filter((k) => k !== 'raw');
    if (others.length > 0) return bad(`raw is a whole signed transaction: send it alone, without ${others.join(', ')}`);
    return fromRaw(fields.raw, zones);
  }
  if (fields.from === undefined) return bad('from is required (the sender), or send { "raw": "0x…" }');
  if (!isAddressText(fields.from)) return bad('from must be a 20-byte 0x address');
  const from = fields.from.toLowerCase() as Address;
  if (fields.to !== undefined && fields.to !== null && !isAddressText(fields.to)) return bad('to must be a 20-byte 0x address, or null for a contract creation');
  const to = isAddressText(fields.to) ? (fields.to.toLowerCase() as Address) : null;
  const data = fields.data ?? '0x';
  if (typeof data !== 'string' || !isHex(data, { strict: true }) || data.length % 2 !== 0 || data.length > MAX_DATA_HEX) return bad('data must be 0x hex of whole bytes (at most 128 KiB)');
  if (to === null && data === '0x') return bad('a contract creation (no to) needs its init code in data');
  const value = fields.value === undefined ? 0n : amount(fields.value, 'value');
  if (typeof value === 'string') return bad(value);
  const gas = fields.gas === undefined ? null : amount(fields.gas, 'gas');
  if (typeof gas === 'string') return bad(gas);
  if (gas !== null && (gas < 21_000n || gas > 1_000_000_000n)) return bad('gas must be between 21000 and 1000000000');
  let zone: ChainName;
  if (fields.chain !== undefined) {
    if (typeof fields.chain !== 'string' || !CHAINS.some((c) => c.name === fields.chain && c.level === 2)) return bad('chain must be a zone\'s name (cyprus1 … hydra3)');
    zone = fields.chain as ChainName;
    if (zoneOf(from).name !== zone) return bad(`from ${from} lives in ${zoneOf(from).label}, not ${zone}: a transaction runs in its sender's zone`);
  } else {
    zone = zoneOf(from).name;
  }
  if (!zones.includes(zone)) return bad(`${zone} is not served by this explorer`);
  return { ok: true, request: { zone, from, to, data: data.toLowerCase() as Hex, value, gas, maxFeePerGas: null, nonce: null, hash: null, problems: [] } };
}
