/**
 * The broadcast page's preview: a pasted signed raw transaction decoded with the project's codec
 * (lib/protocol/transaction.ts) into what the reader should check before sending — hash, sender,
 * the zone it must go to, every field — plus warnings for what the node would refuse.
 *
 * Runs in the browser (the preview, before anything is sent) and again on the server (the send
 * route trusts nothing the browser says). JSON-safe output: bigints as decimal strings.
 */
import { formatEther, formatGwei, type Hex } from 'viem';
import { zoneOf, type ChainName } from '@/lib/protocol/chains';
import { errorText } from '@/lib/text/error-text';
import { decodeTransaction, recoverSender, transactionHash, type QuaiTransaction } from '@/lib/protocol/transaction';

export interface DecodedField {
  readonly label: string;
  readonly value: string;
  /** A readable rendering beside the exact value, e.g. "1.5 QUAI". */
  readonly note?: string;
}

export type DecodedRaw =
  | {
      readonly ok: true;
      readonly raw: Hex;
      /** keccak256 of the raw bytes: what sendRawTransaction must return. */
      readonly hash: Hex;
      readonly type: 0 | 1 | 2;
      readonly typeName: string;
      readonly sender: Hex;
      /** The zone that owns the sender: the only zone that accepts the transaction. */
      readonly zone: ChainName;
      readonly zoneLabel: string;
      readonly to: Hex | null;
      readonly toZoneLabel: string | null;
      readonly fields: readonly DecodedField[];
      /** Reasons the node will refuse it (errors) — sending is not offered. */
      readonly problems: readonly string[];
      /** Things worth a second look that do not stop it. */
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

const TYPE_NAMES = { 0: 'internal (type 0)', 1: 'external (type 1, ETX)', 2: 'internal-to-external (type 2)' } as const;

function fieldsOf(tx: QuaiTransaction): DecodedField[] {
  const fields: DecodedField[] = [
    { label: 'chainId', value: tx.chainId.toString() },
    { label: 'nonce', value: tx.nonce.toString() },
    { label: 'maxPriorityFeePerGas (tip cap)', value: `${tx.gasTipCap} wei`, note: `${formatGwei(tx.gasTipCap)} gwei` },
    { label: 'maxFeePerGas (fee cap)', value: `${tx.gasFeeCap} wei`, note: `${formatGwei(tx.gasFeeCap)} gwei` },
    { label: 'gas', value: tx.gas.toString() },
    { label: 'to', value: tx.to ?? '(contract creation)' },
    { label: 'value', value: `${tx.value} wei`, note: `${formatEther(tx.value)} QUAI` },
    { label: 'data', value: tx.data, note: tx.data === '0x' ? 'empty' : `${(tx.data.length - 2) / 2} bytes` },
    { label: 'accessList', value: tx.accessList.length === 0 ? '[]' : JSON.stringify(tx.accessList) },
  ];
  if (tx.type === 2) {
    fields.push(
      { label: 'etxGasLimit', value: tx.etxGasLimit.toString() },
      { label: 'etxGasPrice', value: `${tx.etxGasPrice} wei`, note: `${formatGwei(tx.etxGasPrice)} gwei` },
      { label: 'etxGasTip', value: `${tx.etxGasTip} wei`, note: `${formatGwei(tx.etxGasTip)} gwei` },
      { label: 'etxData', value: tx.etxData },
      { label: 'etxAccessList', value: tx.etxAccessList.length === 0 ? '[]' : JSON.stringify(tx.etxAccessList) },
    );
  }
  if (tx.type !== 1) {
    fields.push(
      { label: 'v (recovery id)', value: String(tx.v ?? '') },
      { label: 'r', value: `0x${(tx.r ?? 0n).toString(16).padStart(64, '0')}` },
      { label: 's', value: `0x${(tx.s ?? 0n).toString(16).padStart(64, '0')}` },
    );
  }
  return fields;
}

/** Normalises pasted text: whitespace removed, 0x added when missing. */
export function normaliseRaw(text: string): Hex | undefined {
  const t = text.replace(/\s+/g, '');
  if (t === '') return undefined;
  const hex = /^0x/i.test(t) ? `0x${t.slice(2)}` : `0x${t}`;
  return hex.toLowerCase() as Hex;
}

export interface DecodeContext {
  /** The chain id the deployment expects, when configured. */
  readonly expectedChainId?: bigint;
  /** Zones this deployment can send to. */
  readonly configuredZones?: readonly ChainName[];
}

export async function decodeRaw(text: string, context: DecodeContext = {}): Promise<DecodedRaw> {
  const raw = normaliseRaw(text);
  if (!raw) return { ok: false, error: 'Paste a signed raw transaction (hex).' };
  if (!/^0x[0-9a-f]*$/.test(raw)) return { ok: false, error: 'A raw transaction is hex: only 0-9 and a-f after 0x.' };
  if (raw.length % 2 !== 0) return { ok: false, error: 'A raw transaction has whole bytes: an even number of hex digits.' };

  let tx: QuaiTransaction;
  try {
    tx = decodeTransaction(raw);
  } catch (error) {
    return { ok: false, error: `Not a Quai transaction: ${errorText(error)}` };
  }
  let sender: Hex;
  try {
    sender = await recoverSender(tx);
  } catch (error) {
    return { ok: false, error: `Invalid signature: ${errorText(error)}` };
  }

  const zone = zoneOf(sender);
  const toZone = tx.to ? zoneOf(tx.to) : null;
  const problems: string[] = [];
  const warnings: string[] = [];
  if (tx.type === 1) {
    problems.push('External transactions (type 1) are made by the protocol when a type 2 transaction is mined; nodes refuse them from users.');
  }
  if (tx.type === 0 && toZone && toZone.name !== zone.name) {
    problems.push(`The recipient lives in ${toZone.label} but the sender in ${zone.label}: a type 0 transaction cannot cross zones (use a type 2 transaction).`);
  }
  if (tx.type === 2 && toZone && toZone.name === zone.name) {
    warnings.push(`A type 2 transaction to an address in the sender's own zone (${zone.label}): nodes expect type 2 for cross-zone sends.`);
  }
  if (context.expectedChainId !== undefined && tx.chainId !== context.expectedChainId) {
    problems.push(`Chain id ${tx.chainId} is not this network's (${context.expectedChainId}).`);
  }
  if (context.configuredZones && !context.configuredZones.includes(zone.name)) {
    problems.push(`The sender's zone, ${zone.label}, is not served by this explorer, so it cannot send the transaction there.`);
  }
  if (tx.gasFeeCap < tx.gasTipCap) warnings.push('The fee cap is below the tip cap; nodes reject that.');

  return {
    ok: true,
    raw,
    hash: transactionHash(raw),
    type: tx.type,
    typeName: TYPE_NAMES[tx.type],
    sender,
    zone: zone.name,
    zoneLabel: zone.label,
    to: tx.to,
    toZoneLabel: toZone?.label ?? null,
    fields: fieldsOf(tx),
    problems,
    warnings,
  };
}
