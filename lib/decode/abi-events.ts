/**
 * A log decoded with a contract's own ABI (its verified source): the event whose topic0 matches,
 * with the parameter names its source gives. The tx page tries it before the standard-event
 * table for logs of an emitter whose ABI it has. Pure and browser-safe; never throws on chain data.
 */
import { decodeEventLog, toEventSelector, type Abi, type AbiEvent, type Hex } from 'viem';
import { canonicalType, stringifyValue, type DecodedArgument } from './abi';
import type { LogInput } from './events';

export type AbiDecodedLog =
  /** The ABI has no event with this topic0 (or the log has no topics: an anonymous event). */
  | { readonly kind: 'no-match' }
  /** An event of the ABI has this topic0, but the topics and data do not decode as it. */
  | { readonly kind: 'malformed'; readonly signature: string; readonly error: string }
  | {
      readonly kind: 'event';
      readonly name: string;
      /** e.g. `TransferSingle(address,address,address,uint256,uint256)` */
      readonly signature: string;
      readonly args: readonly (DecodedArgument & { readonly indexed: boolean })[];
    };

function signatureOf(event: AbiEvent): string {
  return `${event.name}(${event.inputs.map(canonicalType).join(',')})`;
}

function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'shortMessage' in error && typeof error.shortMessage === 'string') return error.shortMessage;
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

/** The events of `abi` whose selector is `topic0`: one, except for ABIs that declare an event twice with different `indexed`. */
function candidates(abi: Abi, topic0: Hex): AbiEvent[] {
  return abi.filter((item): item is AbiEvent => item.type === 'event' && !item.anonymous && toEventSelector(item) === topic0.toLowerCase());
}

export function decodeLogWithAbi(abi: Abi, log: LogInput): AbiDecodedLog {
  const topic0 = log.topics[0];
  if (!topic0) return { kind: 'no-match' };
  const events = candidates(abi, topic0);
  if (events.length === 0) return { kind: 'no-match' };
  let lastError = '';
  // Same selector, different indexing: the one whose topic count fits decodes strictly.
  for (const event of events) {
    try {
      const decoded = decodeEventLog({ abi: [event], topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true });
      const values = decoded.args as unknown;
      const args = event.inputs.map((input, i) => {
        const value = Array.isArray(values) ? values[i] : (values as Record<string, unknown>)[input.name ?? String(i)];
        return { name: input.name || `arg${i}`, type: canonicalType(input), value: stringifyValue(value), indexed: Boolean(input.indexed) };
      });
      return { kind: 'event', name: event.name, signature: signatureOf(event), args };
    } catch (error) {
      lastError = errorText(error);
    }
  }
  return { kind: 'malformed', signature: signatureOf(events[0]!), error: lastError };
}
