/**
 * The public JSON of an ETX's journey (README, `GET /api/v1/etx/<hash>`), built from the index's
 * EtxJourney and read back by the transaction page's journey card. Browser-safe.
 *
 * The contract is `{ hash, status, origin: { chain, txHash, blockNumber }, destination: { chain,
 * blockNumber, blockHash } | null, seconds }`; `origin.timestamp`, `origin.numbers`,
 * `destination.timestamp` and `destination.numbers` ([Prime, Region, Zone] numbers as decimal
 * strings) are added fields, so older readers are unaffected.
 */
import { isChainName, type ChainName } from '@/lib/protocol/chains';
import type { EtxJourney } from '@/lib/index/readers/etx-reader';
import { StrataError } from '@/lib/protocol/errors';

export type NumbersJson = readonly [string, string, string];

export interface EtxJourneyJson {
  readonly hash: string;
  readonly status: 'pending' | 'delivered';
  readonly origin: {
    readonly chain: ChainName;
    readonly txHash: string;
    readonly blockNumber: string;
    readonly timestamp: string;
    readonly numbers: NumbersJson;
  };
  readonly destination: {
    readonly chain: ChainName;
    readonly blockNumber: string;
    readonly blockHash: string;
    readonly timestamp: string;
    readonly numbers: NumbersJson;
  } | null;
  /** Seconds between the origin and destination blocks' timestamps, null while pending. */
  readonly seconds: string | null;
}

const numbersJson = (n: readonly [bigint, bigint, bigint]): NumbersJson => [n[0].toString(), n[1].toString(), n[2].toString()];

export function etxJourneyJson(j: EtxJourney): EtxJourneyJson {
  return {
    hash: j.hash,
    status: j.status,
    origin: {
      chain: j.origin.chain, txHash: j.origin.txHash, blockNumber: j.origin.blockNumber.toString(),
      timestamp: j.origin.timestamp.toString(), numbers: numbersJson(j.origin.numbers),
    },
    destination: j.destination
      ? {
          chain: j.destination.chain, blockNumber: j.destination.blockNumber.toString(), blockHash: j.destination.blockHash,
          timestamp: j.destination.timestamp.toString(), numbers: numbersJson(j.destination.numbers),
        }
      : null,
    seconds: j.seconds === null ? null : j.seconds.toString(),
  };
}

/** Why an answer is not a journey: the field and what was wrong with it. */
export class JourneyJsonError extends StrataError {
  override name = 'JourneyJsonError';
}

const HASH = /^0x[0-9a-f]{64}$/i;
const DECIMAL = /^\d{1,30}$/;

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new JourneyJsonError(`${field} is not an object`);
  return value as Record<string, unknown>;
}
function matching(value: unknown, pattern: RegExp, field: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw new JourneyJsonError(`${field} is ${JSON.stringify(value) ?? 'missing'}`);
  return value;
}
function chain(value: unknown, field: string): ChainName {
  if (typeof value !== 'string' || !isChainName(value)) throw new JourneyJsonError(`${field} is not a chain`);
  return value;
}
function numbers(value: unknown, field: string): NumbersJson {
  if (!Array.isArray(value) || value.length !== 3) throw new JourneyJsonError(`${field} is not three numbers`);
  return [matching(value[0], DECIMAL, `${field}[0]`), matching(value[1], DECIMAL, `${field}[1]`), matching(value[2], DECIMAL, `${field}[2]`)];
}

/** The API's answer read strictly (the card draws nothing it did not check); throws JourneyJsonError naming the field. */
export function parseEtxJourneyJson(value: unknown): EtxJourneyJson {
  const j = record(value, 'the answer');
  const status = j.status;
  if (status !== 'pending' && status !== 'delivered') throw new JourneyJsonError(`status is ${JSON.stringify(status)}`);
  const o = record(j.origin, 'origin');
  const origin = {
    chain: chain(o.chain, 'origin.chain'), txHash: matching(o.txHash, HASH, 'origin.txHash'),
    blockNumber: matching(o.blockNumber, DECIMAL, 'origin.blockNumber'), timestamp: matching(o.timestamp, DECIMAL, 'origin.timestamp'),
    numbers: numbers(o.numbers, 'origin.numbers'),
  };
  let destination: EtxJourneyJson['destination'] = null;
  if (j.destination !== null) {
    const d = record(j.destination, 'destination');
    destination = {
      chain: chain(d.chain, 'destination.chain'), blockNumber: matching(d.blockNumber, DECIMAL, 'destination.blockNumber'),
      blockHash: matching(d.blockHash, HASH, 'destination.blockHash'), timestamp: matching(d.timestamp, DECIMAL, 'destination.timestamp'),
      numbers: numbers(d.numbers, 'destination.numbers'),
    };
  }
  if ((status === 'delivered') !== (destination !== null)) throw new JourneyJsonError(`status ${status} with destination ${destination ? 'set' : 'null'}`);
  const seconds = j.seconds === null ? null : matching(j.seconds, /^-?\d{1,20}$/, 'seconds');
  return { hash: matching(j.hash, HASH, 'hash'), status, origin, destination, seconds };
}
